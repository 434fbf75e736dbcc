/**
 * Whether `name` can be an `allowedOrigins` entry of `createHttpHandler`
 * (or a `--allowed-origin` value): a host name as an `Origin` URL's host
 * reads — `app.example.com`, `192.168.1.5`, `[fd00::1]` — with no scheme,
 * port, path or space. Such entries are compared with the origin's host
 * without case; any other string could never match one.
 */
export function isOriginHostName(name: string): boolean {
  try {
    return new URL(`http://${name}`).hostname === name.toLowerCase();
  } catch {
    return false;
  }
}
