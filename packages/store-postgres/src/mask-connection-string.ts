/** What stands for a password wherever a connection string is shown. */
export const maskedPassword = '***';

/**
 * A connection string with its password replaced by `***`, in every form
 * node-postgres reads: the URL's `user:password@`, the query parameters
 * `password`, `sslpassword` and `sslkey`-style secrets, and a key/value
 * string's `password=…`. Use it wherever a connection string reaches a log
 * line, an error or help text.
 */
export function maskConnectionString(connectionString: string): string {
  if (typeof connectionString !== 'string') return '';
  let out = connectionString;
  const scheme = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.exec(out);
  if (scheme !== null) {
    const start = scheme[0].length;
    const rest = out.slice(start);
    const queryAt = rest.search(/[?#]/);
    const authorityAndPath = queryAt === -1 ? rest : rest.slice(0, queryAt);
    const at = authorityAndPath.lastIndexOf('@');
    if (at !== -1) {
      const userinfo = authorityAndPath.slice(0, at);
      const colon = userinfo.indexOf(':');
      if (colon !== -1) out = `${out.slice(0, start)}${userinfo.slice(0, colon)}:${maskedPassword}${rest.slice(at)}`;
    }
  }
  out = out.replace(/([?&](?:password|sslpassword)=)[^&#]*/gi, `$1${maskedPassword}`);
  out = out.replace(/(^|\s)(password|sslpassword)(\s*=\s*)('(?:[^'\\]|\\.)*'|\S*)/gi, `$1$2$3${maskedPassword}`);
  return out;
}

/** The passwords a connection string holds (raw and URL-decoded), so an error text can be scrubbed of them. */
export function connectionSecrets(connectionString: string): string[] {
  const secrets = new Set<string>();
  const scheme = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.exec(connectionString);
  if (scheme !== null) {
    const rest = connectionString.slice(scheme[0].length);
    const queryAt = rest.search(/[?#]/);
    const authority = queryAt === -1 ? rest : rest.slice(0, queryAt);
    const at = authority.lastIndexOf('@');
    const userinfo = at === -1 ? '' : authority.slice(0, at);
    const colon = userinfo.indexOf(':');
    if (colon !== -1) secrets.add(userinfo.slice(colon + 1));
  }
  for (const match of connectionString.matchAll(/[?&](?:password|sslpassword)=([^&#]*)/gi)) secrets.add(match[1] ?? '');
  for (const match of connectionString.matchAll(/(?:^|\s)(?:password|sslpassword)\s*=\s*('(?:[^'\\]|\\.)*'|\S*)/gi)) {
    const value = match[1] ?? '';
    secrets.add(value.startsWith("'") ? value.slice(1, -1).replace(/\\(.)/g, '$1') : value);
  }
  for (const secret of [...secrets]) {
    try {
      secrets.add(decodeURIComponent(secret));
    } catch {
      // not valid percent-encoding: the raw form is scrubbed already
    }
  }
  secrets.delete('');
  return [...secrets];
}

/** `text` with every occurrence of each secret replaced by `***`. */
export function scrubSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (secret.length > 0) out = out.split(secret).join(maskedPassword);
  return out;
}
