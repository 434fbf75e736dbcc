import { httpError } from './http-answers.js';
import { parseAllowedHost, type AllowedHost } from './parse-allowed-host.js';

/**
 * The `Host` check of `createHttpHandler` (DNS rebinding): a request whose
 * `Host` header is missing or names none of `allowedHosts` — `host:port`
 * (exactly that port; a header without a port means port 80) or a bare
 * `host` (any port), compared without case, IPv6 in brackets — answers 403;
 * any other answers `undefined` (go on). Throws a TypeError for an entry
 * that is not `host` or `host:port`.
 */
export function checkHost(allowedHosts: readonly string[]): (request: Request) => Response | undefined {
  const allowed = allowedHosts.map((entry) => {
    const parsed = parseAllowedHost(entry);
    if (parsed === undefined) throw new TypeError(`createHttpHandler: allowedHosts entry ${JSON.stringify(entry)} is not host or host:port`);
    return parsed;
  });
  return (request) => (hostMatches(request.headers.get('host'), allowed) ? undefined : httpError(403, 'Forbidden: the Host header does not name this server'));
}

/**
 * Whether a `Host` header names one of `allowedHosts` (as `checkHost`
 * compares them: `host:port` exactly that port, a header without a port
 * meaning port 80, a bare `host` any port, without case); a missing or
 * malformed header, or a malformed entry, never matches. The one Host
 * check of `createHttpHandler` and of the console's `node:http` server.
 */
export function hostAllowed(header: string | null | undefined, allowedHosts: readonly string[]): boolean {
  return hostMatches(
    header ?? null,
    allowedHosts.flatMap((entry) => parseAllowedHost(entry) ?? []),
  );
}

function hostMatches(header: string | null, allowed: readonly AllowedHost[]): boolean {
  if (header === null) return false;
  const parsed = parseAllowedHost(header);
  if (parsed === undefined) return false;
  const port = parsed.port ?? '80';
  return allowed.some((entry) => entry.host === parsed.host && (entry.port === undefined || entry.port === port));
}
