import { httpError } from './http-answers.js';

/** An `allowedHosts` entry: a host name and, when given, its port. */
interface AllowedHost {
  readonly host: string;
  readonly port: string | undefined;
}

const authority = /^(\[[0-9a-f:.]+\]|[^:[\]\s/@]+)(?::(\d{1,5}))?$/;

/**
 * The `Host` check of `createHttpHandler` (DNS rebinding): a request whose
 * `Host` header is missing or names none of `allowedHosts` — `host:port`
 * (exactly that port; a header without a port means port 80) or a bare
 * `host` (any port), compared without case, IPv6 in brackets — answers 403;
 * any other answers `undefined` (go on). Throws a TypeError for an entry
 * that is not `host` or `host:port`.
 */
export function checkHost(allowedHosts: readonly string[]): (request: Request) => Response | undefined {
  const allowed = allowedHosts.map(parseAllowedHost);
  return (request) => (hostAllowed(request.headers.get('host'), allowed) ? undefined : httpError(403, 'Forbidden: the Host header does not name this server'));
}

function parseAllowedHost(entry: string): AllowedHost {
  const match = authority.exec(entry.trim().toLowerCase());
  if (match === null) throw new TypeError(`createHttpHandler: allowedHosts entry ${JSON.stringify(entry)} is not host or host:port`);
  return { host: match[1] as string, port: match[2] };
}

function hostAllowed(header: string | null, allowed: readonly AllowedHost[]): boolean {
  if (header === null) return false;
  const match = authority.exec(header.trim().toLowerCase());
  if (match === null) return false;
  const host = match[1] as string;
  const port = match[2] ?? '80';
  return allowed.some((entry) => entry.host === host && (entry.port === undefined || entry.port === port));
}
