/** What stands for a password wherever a connection string is shown. */
export const maskedPassword = '***';

/**
 * A connection string with its password replaced by `***`, in every form
 * node-postgres reads: the URL's `user:password@`, the query parameters
 * `password` and `sslpassword`, and a key/value string's `password=…`. What a
 * URL parser could not take apart is masked too (`connectionSecretSpans`):
 * a password holding an unencoded `?`, `#` or `/`, a URL without a scheme,
 * an authority without `@` whose "port" is not a number. Use it wherever a
 * connection string reaches a log line, an error or help text.
 */
export function maskConnectionString(connectionString: string): string {
  if (typeof connectionString !== 'string') return '';
  let out = connectionString;
  for (const [start, end] of connectionSecretSpans(connectionString).reverse()) out = `${out.slice(0, start)}${maskedPassword}${out.slice(end)}`;
  return out;
}

/**
 * The passwords a connection string holds (each span of `connectionSecretSpans`, raw and URL-decoded, and its part
 * after its last `:` when that is four characters or more), so an error text can be scrubbed of them.
 */
export function connectionSecrets(connectionString: string): string[] {
  const secrets = new Set<string>();
  for (const [start, end] of connectionSecretSpans(connectionString)) {
    const secret = connectionString.slice(start, end);
    // What a parser may have taken for the password of a span it split differently: after the span's last `:`, without stray `@`s.
    const tail = secret.slice(secret.lastIndexOf(':') + 1).replace(/^@+|@+$/g, '');
    for (const form of tail.length >= 4 ? [secret, tail] : [secret]) {
      secrets.add(form);
      try {
        secrets.add(decodeURIComponent(form));
      } catch {
        // not valid percent-encoding: the raw form is scrubbed already
      }
    }
  }
  secrets.delete('');
  return [...secrets];
}

/** `text` with every occurrence of each secret replaced by `***`, longest first (so no piece of a longer secret survives a shorter one). */
export function scrubSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) if (secret.length > 0) out = out.split(secret).join(maskedPassword);
  return out;
}

/** Where a URL's authority starts: after `scheme://` or `//` (leading white space allowed), else at the first non-space character. */
const authorityStart = /^\s*(?:[A-Za-z][A-Za-z0-9+.-]*:)?\/\//;

/**
 * The `[start, end)` ranges of `connectionString` that hold a secret, sorted
 * and not overlapping: everything after the first `:` between the authority's
 * start and the LAST `@` of the string (so an unencoded `?`, `#`, `/` or `@`
 * in the password stays inside); without an `@`, what follows the first `:`
 * of the authority unless it is a port number; the values of `password=` and
 * `sslpassword=` query parameters (up to the next `&`, a `#` included) and
 * key/value `password=…` settings.
 */
function connectionSecretSpans(connectionString: string): [number, number][] {
  const s = connectionString;
  const spans: [number, number][] = [];
  const scheme = authorityStart.exec(s);
  const start = scheme === null ? s.length - s.trimStart().length : scheme[0].length;
  const at = s.lastIndexOf('@');
  if (at >= start) {
    const colon = s.slice(start, at).indexOf(':');
    if (colon !== -1) spans.push([start + colon + 1, at]);
  } else {
    const authority = /^[^/\s]*/.exec(s.slice(start))?.[0] ?? '';
    const hostEnd = authority.startsWith('[') ? authority.indexOf(']') + 1 : 0;
    const colon = authority.indexOf(':', hostEnd);
    if (colon !== -1 && !/^\d*(?:[?#]|$)/.test(authority.slice(colon + 1))) spans.push([start + colon + 1, start + authority.length]);
  }
  for (const match of s.matchAll(/[?&](?:password|sslpassword)=([^&]*)/gi)) {
    const value = match[1] ?? '';
    const end = match.index + match[0].length;
    spans.push([end - value.length, end]);
  }
  for (const match of s.matchAll(/(^|\s)((?:password|sslpassword)\s*=\s*)('(?:[^'\\]|\\.)*'|\S*)/gi)) {
    const value = match[3] ?? '';
    const end = match.index + match[0].length;
    spans.push([end - value.length, end]);
  }
  return merged(spans);
}

/** The spans sorted by start, overlapping or touching ones joined, empty ones dropped. */
function merged(spans: readonly [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  for (const [start, end] of [...spans].filter(([a, b]) => b > a).sort((a, b) => a[0] - b[0])) {
    const last = out.at(-1);
    if (last !== undefined && start <= last[1]) last[1] = Math.max(last[1], end);
    else out.push([start, end]);
  }
  return out;
}
