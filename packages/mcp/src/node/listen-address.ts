import os from 'node:os';
import { isLoopbackHostname, loopbackHosts } from '../http/loopback.js';

/** Where a server listens: a host (an IP literal or `localhost`) and a port (0: any free one). */
export interface ListenAddress {
  /** The host to bind, without brackets (`127.0.0.1`, `::1`, `0.0.0.0`, `localhost`). */
  readonly host: string;
  /** The port (0 picks a free one). */
  readonly port: number;
  /** Whether `host` is a loopback address (only then may it be bound without `--allow-remote`). */
  readonly loopback: boolean;
}

/** The host a listen address without one binds (`8080` = `127.0.0.1:8080`). */
export const defaultHttpHost = '127.0.0.1';

/**
 * Parses a `[host:]port` option such as `--http`: `8080`, `127.0.0.1:8080`,
 * `[::1]:8080`, `localhost:0`. A bad value is a `RangeError` naming `flag`
 * (default `--http`) and the value.
 */
export function parseListenAddress(value: string, flag = '--http'): ListenAddress {
  const match = /^(?:(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+):)?(\d{1,5})$/.exec(value.trim());
  const port = Number(match?.[2]);
  if (match === null || !Number.isInteger(port) || port > 65535)
    throw new RangeError(`${flag} ${JSON.stringify(value)}: not [host:]port (a port 0 to 65535, e.g. 8080 or 127.0.0.1:8080 or [::1]:8080)`);
  const host = (match[1] ?? defaultHttpHost).replace(/^\[(.*)\]$/, '$1');
  return { host, port, loopback: isLoopbackHostname(host) };
}

/** `host:port` as written in a URL (IPv6 in brackets). */
export function urlAuthority(host: string, port: number): string {
  return `${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/**
 * The `Host` header values a server bound to `host:port` answers: the
 * loopback names for a loopback bind; the bound address and the loopback
 * names otherwise; for a wildcard bind (`0.0.0.0`, `::`) every address of
 * this machine's interfaces and its host name too.
 */
export function allowedHostHeaders(host: string, port: number): string[] {
  const allowed = new Set(loopbackHosts(port));
  allowed.add(urlAuthority(host, port).toLowerCase());
  if (host === '0.0.0.0' || host === '::') {
    for (const addresses of Object.values(os.networkInterfaces())) {
      for (const address of addresses ?? []) allowed.add(urlAuthority(address.address.replace(/%.*$/, ''), port).toLowerCase());
    }
    allowed.add(urlAuthority(os.hostname().toLowerCase(), port));
  }
  return [...allowed];
}
