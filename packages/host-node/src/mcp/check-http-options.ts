import { isOriginHostName, oauthUrlProblem, parseAllowedHost } from '@xcap/mcp';
import { parseListenAddress, type ListenAddress } from '@xcap/mcp/node';
import type { HttpLimits } from './http-limits.js';
import type { ServeOAuthOptions } from './serve-oauth-options.js';

/** The values `checkHttpOptions` looks at (as `serveHttp` takes them). */
export interface HttpOptionValues {
  /** `[host:]port`. */
  readonly listen: string;
  /** Whether an address that is not loopback may be bound. */
  readonly allowRemote?: boolean;
  /** More `Host` header values (`host` or `host:port`). */
  readonly allowedHosts?: readonly string[];
  /** More `Origin` host names. */
  readonly allowedOrigins?: readonly string[];
  /** The limits. */
  readonly limits?: HttpLimits;
  /** The OAuth resource-server settings (`--oauth-*`). */
  readonly oauth?: ServeOAuthOptions;
}

/** Limits that may be 0 (the others are at least 1). */
const mayBeZero = new Set(['maxQueuedPerToken']);

/**
 * Checks every value of `xcap serve --http` before anything is opened, so a
 * bad one is refused at once (`xcap serve` exits 2): the address (and
 * `--allow-remote` for one that is not loopback), each `--allowed-host`
 * (`host` or `host:port`), each `--allowed-origin` (a host name as an
 * Origin has it), each limit (a whole number, at least 1) and the OAuth
 * settings: at least one issuer, each following `@xcap/mcp`'s `oauthUrlRule`
 * (https, or http on loopback), the resource likewise, each scope an
 * RFC 6749 scope token. Answers the parsed address; throws a `RangeError`
 * naming the first bad value.
 */
export function checkHttpOptions(options: HttpOptionValues): ListenAddress {
  const listen = parseListenAddress(options.listen);
  if (!listen.loopback && options.allowRemote !== true)
    throw new RangeError(
      `--http ${options.listen}: ${listen.host} is not a loopback address; binding it exposes the host to the network: add --allow-remote to do so`,
    );
  for (const host of options.allowedHosts ?? [])
    if (parseAllowedHost(host) === undefined)
      throw new RangeError(`--allowed-host ${JSON.stringify(host)}: not host or host:port (e.g. xcap.example.com or xcap.example.com:8443)`);
  for (const origin of options.allowedOrigins ?? [])
    if (!isOriginHostName(origin))
      throw new RangeError(`--allowed-origin ${JSON.stringify(origin)}: not a host name as an Origin has it (e.g. app.example.com: no scheme, port or path)`);
  for (const [name, value] of Object.entries(options.limits ?? {}) as [string, unknown][]) {
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < (mayBeZero.has(name) ? 0 : 1))
      throw new RangeError(`limits.${name}: must be a whole number of at least ${mayBeZero.has(name) ? 0 : 1}, got ${JSON.stringify(value)}`);
  }
  if (options.oauth !== undefined) checkOAuthOptions(options.oauth);
  return listen;
}

/** A scope token of RFC 6749 §3.3: printable ASCII without space, `"` or `\`. */
const scopeToken = /^[\x21\x23-\x5b\x5d-\x7e]+$/;

function checkOAuthOptions(oauth: ServeOAuthOptions): void {
  if (oauth.issuers.length === 0) throw new RangeError('--oauth-issuer: name at least one issuer (e.g. https://login.example.com/realms/xcap)');
  for (const issuer of oauth.issuers) checkOAuthUrl('--oauth-issuer', issuer);
  if (oauth.resource !== undefined) checkOAuthUrl('--oauth-resource', oauth.resource);
  for (const scope of oauth.scopes ?? [])
    if (!scopeToken.test(scope))
      throw new RangeError(`--oauth-scope ${JSON.stringify(scope)}: not a scope (printable characters, no space, quote or backslash)`);
}

/** An issuer or resource URL: the rule of `@xcap/mcp` (`oauthUrlProblem`), reported with the flag that gave it. */
function checkOAuthUrl(flag: string, value: string): void {
  const problem = oauthUrlProblem(value);
  if (problem !== undefined) throw new RangeError(`${flag} ${JSON.stringify(value)}: ${problem}`);
}
