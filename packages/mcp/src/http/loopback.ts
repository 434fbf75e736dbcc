/**
 * True when `hostname` (as in a URL: IPv6 in brackets or bare) names this
 * machine's loopback interface: `localhost`, an address in 127.0.0.0/8, or
 * `::1`.
 */
export function isLoopbackHostname(hostname: string): boolean {
  const name = hostname
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');
  if (name === 'localhost' || name === '::1' || name === '0:0:0:0:0:0:0:1') return true;
  const v4 = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(name) ?? /^::ffff:127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(name);
  return v4 !== null && v4.slice(1).every((part) => Number(part) <= 255);
}

/** The `Host` header values a server bound to loopback port `port` answers: `localhost`, `127.0.0.1` and `[::1]` with that port. */
export function loopbackHosts(port: number): string[] {
  return ['localhost', '127.0.0.1', '[::1]'].map((name) => `${name}:${port}`);
}
