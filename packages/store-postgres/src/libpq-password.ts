import { createRequire } from 'node:module';

/** The connection fields node-postgres hands a `password` function. */
interface PasswordParameters {
  readonly host?: string | undefined;
  readonly port?: number | undefined;
  readonly database?: string | undefined;
  readonly user?: string | undefined;
}

/**
 * `pgpass` (libpq's password file as node-postgres reads it; it ships no types): the password of the first matching line, or `undefined`.
 * Required from this package's own entry, not from this module: bundled into the `xcap` command, this module's URL is in @xcap/host-node.
 */
const pgpass = createRequire(import.meta.resolve('@xcap/store-postgres'))('pgpass') as (
  connection: PasswordParameters,
  callback: (password: string | undefined) => void,
) => void;

/**
 * The password of a connection whose string holds none, found where libpq
 * looks: `$PGPASSWORD`, else the matching line of `$PGPASSFILE` (default
 * `~/.pgpass`; ignored, as libpq ignores it, unless it is mode 0600), else
 * `undefined`. It is the pool's `password`, so node-postgres does not read
 * the file itself and print its deprecation notice for doing so.
 */
export function libpqPassword(parameters: PasswordParameters): Promise<string | undefined> {
  const fromEnv = process.env['PGPASSWORD'];
  if (fromEnv !== undefined) return Promise.resolve(fromEnv);
  return new Promise((resolve) => pgpass(parameters, resolve));
}
