import { isLoopbackHostname } from './loopback.js';

/** The rule every OAuth issuer and resource URL of `createHttpHandler` follows, as its errors state it. */
export const oauthUrlRule =
  'an OAuth issuer or resource must be an https:// URL, or http:// on loopback (127.0.0.0/8, ::1, localhost), with no query, fragment or user name';

/**
 * What is wrong with `value` as an OAuth issuer identifier or resource URL (`OAuthOptions.issuers`,
 * `OAuthOptions.resource`), followed by `oauthUrlRule`; `undefined` when it follows the rule. Plain
 * http anywhere but loopback would carry access tokens and keys in the clear, so it is refused.
 */
export function oauthUrlProblem(value: string): string | undefined {
  const url = URL.canParse(value) ? new URL(value) : undefined;
  const problem =
    url === undefined
      ? 'not a URL'
      : url.protocol !== 'https:' && url.protocol !== 'http:'
        ? `scheme ${url.protocol} is neither https: nor http:`
        : url.protocol === 'http:' && !isLoopbackHostname(url.hostname)
          ? `plain http on ${url.hostname}, which is not loopback`
          : url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== ''
            ? 'it has a query, fragment or user name'
            : undefined;
  return problem === undefined ? undefined : `${problem}; ${oauthUrlRule}`;
}
