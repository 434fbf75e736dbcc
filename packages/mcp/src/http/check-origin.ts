import { httpError } from './http-answers.js';
import { isLoopbackHostname } from './loopback.js';

/**
 * The `Origin` check of `createHttpHandler`, as the MCP transport spec
 * requires: a request without an `Origin` header, or whose origin's host is
 * a loopback one (`localhost`, 127.0.0.0/8, `[::1]`) or one of
 * `allowedOrigins` (host names, compared without case), answers
 * `undefined` (go on); any other origin, an unparsable one included,
 * answers 403.
 */
export function checkOrigin(allowedOrigins: readonly string[] = []): (request: Request) => Response | undefined {
  const extra = new Set(allowedOrigins.map((name) => name.toLowerCase()));
  return (request) => {
    const origin = request.headers.get('origin');
    if (origin === null || originAllowed(origin, extra)) return undefined;
    return httpError(403, 'Forbidden: the Origin is not a loopback origin');
  };
}

function originAllowed(origin: string, extra: ReadonlySet<string>): boolean {
  let hostname: string;
  try {
    hostname = new URL(origin).hostname;
  } catch {
    return false;
  }
  if (hostname === '') return false;
  return isLoopbackHostname(hostname) || extra.has(hostname.toLowerCase());
}
