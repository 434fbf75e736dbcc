import { createHash } from 'node:crypto';

/** The longest client part of `oauthClientId`, in characters, before it is cut and a digest appended. */
const maxClientLength = 100;

/**
 * `value` with `%`, `@`, spaces, controls and every non-ASCII character
 * percent-encoded (its UTF-8 bytes; a lone surrogate as `%uD800`): printable,
 * without `@`, and two values never give the same text.
 */
const escaped = (value: string) =>
  value.replace(/[^!-$&-?A-~]/gu, (character) =>
    /^[\uD800-\uDFFF]$/u.test(character)
      ? `%u${character.charCodeAt(0).toString(16).toUpperCase()}`
      : [...Buffer.from(character, 'utf8')].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join(''),
  );

/**
 * The audit `clientId` of an OAuth access token: `oauth:<client>@<issuer>`,
 * the issuer without its `https://` (kept as `http://…` on loopback), e.g.
 * `oauth:xcap-agent@login.example.com` or `oauth:cli@id.example/tenant-a`.
 * The client (`client_id`, `azp` or `sub`) is percent-encoded where it is
 * not printable ASCII and where it has `%` or `@`, so the first `@` always
 * ends it; past 100 characters it is cut at 80 and `…` with 16 hex digits
 * of the escaped client's SHA-256 appended. Two issuers' clients of the same id, or two
 * different ids, never share one (the identity is the audit row's client,
 * the fair gate's key and the consent-state binding).
 */
export function oauthClientId(client: string, issuer: string): string {
  const safe = escaped(client);
  const bounded = safe.length <= maxClientLength ? safe : `${safe.slice(0, 80)}…${createHash('sha256').update(safe).digest('hex').slice(0, 16)}`;
  return `oauth:${bounded}@${issuer.replace(/^https:\/\//, '')}`;
}
