import { parseListenAddress } from '@xcap/mcp/node';

/**
 * The port of a console listen address: `127.0.0.1:PORT`, `localhost:PORT`
 * or `PORT` (port 0 picks a free one), read by `parseListenAddress` of
 * `@xcap/mcp/node`. The console listens on 127.0.0.1 only: any other host,
 * or a value that is not `[host:]port`, is a `RangeError` naming `flag` and
 * the value.
 */
export function consoleListenPort(value: string, flag = '--console'): number {
  const parsed = parseListenAddress(value, flag);
  if (parsed.host !== '127.0.0.1' && parsed.host.toLowerCase() !== 'localhost')
    throw new RangeError(`${flag} ${JSON.stringify(value)}: the console listens on 127.0.0.1 only (loopback), never ${parsed.host}`);
  return parsed.port;
}
