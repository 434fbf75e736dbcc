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
  const policy: OriginPolicy = { absent: true, loopback: true, hostNames: allowedOrigins };
  return (request) => (originAllowed(request.headers.get('origin'), policy) ? undefined : httpError(403, 'Forbidden: the Origin is not a loopback origin'));
}

/** Which `Origin` headers `originAllowed` lets through. */
export interface OriginPolicy {
  /** A request without an `Origin` header passes (an agent that is no browser). Default `false`. */
  readonly absent?: boolean;
  /** Any origin whose host is a loopback one (`localhost`, 127.0.0.0/8, `[::1]`), any port, passes. Default `false`. */
  readonly loopback?: boolean;
  /** Origins whose host name is one of these (compared without case), any scheme and port, pass. */
  readonly hostNames?: readonly string[];
  /** Exactly these origins (`http://127.0.0.1:8080`, compared as the URL parser writes them) pass. */
  readonly origins?: readonly string[];
}

/**
 * Whether an `Origin` header passes `policy`; an unparsable or opaque
 * (`null`) origin never does. The one Origin check of `createHttpHandler`
 * (absent, loopback or an allowed host name) and of the console (exactly
 * its own origin, never absent).
 */
export function originAllowed(origin: string | null | undefined, policy: OriginPolicy): boolean {
  if (origin === null || origin === undefined) return policy.absent === true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.hostname === '' || url.origin === 'null') return false;
  if (policy.loopback === true && isLoopbackHostname(url.hostname)) return true;
  const hostname = url.hostname.toLowerCase();
  if (policy.hostNames?.some((name) => name.toLowerCase() === hostname) === true) return true;
  return policy.origins?.some((allowed) => sameOrigin(allowed, url.origin)) === true;
}

function sameOrigin(allowed: string, origin: string): boolean {
  try {
    return new URL(allowed).origin === origin;
  } catch {
    return false;
  }
}
