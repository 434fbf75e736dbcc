import { isOriginHostName, parseAllowedHost } from '@xcap/mcp';
import { parseListenAddress, type ListenAddress } from './listen-address.js';
import type { HttpLimits } from './serve-http.js';

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
}

/** Limits that may be 0 (the others are at least 1). */
const mayBeZero = new Set(['maxQueuedPerToken']);

/**
 * Checks every value of `xcap serve --http` before anything is opened, so a
 * bad one is refused at once (`xcap serve` exits 2): the address (and
 * `--allow-remote` for one that is not loopback), each `--allowed-host`
 * (`host` or `host:port`), each `--allowed-origin` (a host name as an
 * Origin has it) and each limit (a whole number, at least 1). Answers the
 * parsed address; throws a `RangeError` naming the first bad value.
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
  return listen;
}
