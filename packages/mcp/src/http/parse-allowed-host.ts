/** An `allowedHosts` entry of `createHttpHandler`, taken apart: a host name and, when given, its port. */
export interface AllowedHost {
  /** The host, lower case; IPv6 in brackets. */
  readonly host: string;
  /** The port as written, or `undefined` (any port). */
  readonly port: string | undefined;
}

/** `host` or `host:port` as a `Host` header carries it (IPv6 in brackets). */
const hostAuthority = /^(\[[0-9a-f:.]+\]|[^:[\]\s/@]+)(?::(\d{1,5}))?$/;

/**
 * Takes an `allowedHosts` entry (or a `--allowed-host` value, or a `Host`
 * header) apart: `host` or `host:port`, lower-cased, IPv6 in brackets;
 * `undefined` for anything else (empty, a space, a scheme, a path, a user).
 */
export function parseAllowedHost(entry: string): AllowedHost | undefined {
  const match = hostAuthority.exec(entry.trim().toLowerCase());
  return match === null ? undefined : { host: match[1] as string, port: match[2] };
}
