import os from 'node:os';
import { Option } from 'commander';
import type { PostgresStores, PostgresStoresOptions } from '@xcap/store-postgres';
import { CliFailure } from './cli-failure.js';
import type { CliIo } from './cli-io.js';

/** The environment variable `--store` defaults to. */
export const storeEnvName = 'XCAP_STORE';

/** Where a password may go instead of `--store`, for the help and the refusal. */
const safeWays = `$${storeEnvName}, a --store-file <path> (mode 0600), PGPASSWORD or a PGPASSFILE`;

/**
 * The `--store <url>` option of every command that reads or writes shared
 * state. Its help never shows a value (neither a default nor the
 * environment's), so no password reaches `--help`; it says where a
 * password goes instead (`storeUrl` refuses one in `--store`). `what` says
 * what the command does with the database (the default: keep its state
 * there instead of the data directory).
 */
export function storeOption(
  what = 'keep grants, app files, audit rows and tokens in PostgreSQL (postgres://user@host:5432/db) instead of the data directory',
): Option {
  return new Option('--store <url>', `${what}; default $${storeEnvName}. No password here (every local user can read a command line): give it in ${safeWays}`);
}

/** The `--store-file <path>` option beside `--store`: the connection string, password and all, read from a file of mode 0600. */
export function storeFileOption(): Option {
  return new Option(
    '--store-file <path>',
    'read the PostgreSQL connection string (password included) from this file, yours and of mode 0600; instead of --store',
  );
}

/** The flags a command names its database with: `--store`/`--store-file`, or `xcap store copy`'s `--to`/`--to-file`. */
export interface StoreFlags {
  /** The flag taking the URL, e.g. `--store`. */
  readonly flag: string;
  /** The flag taking a file holding the URL, e.g. `--store-file`. */
  readonly fileFlag: string;
}

/**
 * The connection string a command uses: `--store` (never with a password in
 * it: every local user can read a process's command line), else the file of
 * `--store-file` (`readStoreFile`: 0600 and yours), else `$XCAP_STORE` (an
 * empty one counts as unset), else `undefined` (the data directory).
 * `options.store` and `options.storeFile` hold the two flags' values. A
 * password in `--store`, both flags at once, or anything but a
 * `postgres://` or `postgresql://` URL is a `CliFailure` (exit 2, before
 * anything is opened) showing the value masked. `@xcap/store-postgres` (and
 * `pg`) is loaded only when a connection string is given.
 */
export async function storeUrl(
  options: Record<string, unknown>,
  io: CliIo,
  flags: StoreFlags = { flag: '--store', fileFlag: '--store-file' },
): Promise<string | undefined> {
  const given = options.store;
  const file = options.storeFile;
  if (typeof given === 'string' && typeof file === 'string') throw new CliFailure(`${flags.flag} and ${flags.fileFlag}: give one of them, not both`);
  if (typeof given !== 'string' && typeof file !== 'string' && (io.env[storeEnvName] ?? '') === '') return undefined;
  const { connectionSecrets, maskConnectionString } = await import('@xcap/store-postgres');
  if (typeof given === 'string' && connectionSecrets(given).length > 0)
    throw new CliFailure(
      `${flags.flag} ${maskConnectionString(given)}: holds a password, and every local user can read a command line (ps, /proc/<pid>/cmdline); ` +
        `leave it out of ${flags.flag} and give it in ${safeWays.replace('--store-file', flags.fileFlag)}`,
    );
  const fromEnv = io.env[storeEnvName];
  let url: string | undefined;
  let where: string;
  if (typeof given === 'string') [url, where] = [given, flags.flag];
  else if (typeof file === 'string') [url, where] = [(await import('./read-store-file.js')).readStoreFile(file, flags.fileFlag), `${flags.fileFlag} ${file}:`];
  else [url, where] = [fromEnv === undefined || fromEnv === '' ? undefined : fromEnv, `$${storeEnvName}`];
  if (url === undefined) return undefined;
  if (!/^postgres(?:ql)?:\/\/\S/i.test(url))
    throw new CliFailure(`${where} ${maskConnectionString(url)}: not a PostgreSQL connection string (postgres://user:password@host:5432/db)`);
  return url;
}

/**
 * Opens the PostgreSQL stores at `url` (checking the connection and
 * migrating the schema). A server that cannot be reached, refuses the
 * login or holds a newer schema is a `CliFailure` with exit 1: one line,
 * the connection string masked and the password scrubbed from the
 * server's words. A server asking for a password none was given for says
 * where one goes.
 */
export async function openStores(url: string, options: PostgresStoresOptions = {}): Promise<PostgresStores> {
  const { connectionSecrets, createPostgresStores, maskConnectionString, PostgresStoreError, scrubSecrets } = await import('@xcap/store-postgres');
  try {
    return await createPostgresStores(url, options);
  } catch (error) {
    if (error instanceof PostgresStoreError)
      throw new CliFailure(
        /client password must be a (?:non-empty )?string/.test(error.message)
          ? `${error.message} (the server asks for a password and none was given: give it in ${safeWays})`
          : error.message,
        1,
      );
    throw new CliFailure(`${maskConnectionString(url)}: ${scrubSecrets(error instanceof Error ? error.message : String(error), connectionSecrets(url))}`, 1);
  }
}

/** The host name audit rows carry when `--host-name` is not given: `<machine's hostname>-<pid>`. */
export function defaultHostName(): string {
  return `${os.hostname()}-${process.pid}`;
}

/** What a host name may be: 1 to 128 printable characters without spaces. */
const hostNamePattern = /^[\x21-\x7e]{1,128}$/;

/** `--host-name`, checked (a `CliFailure` for anything but 1 to 128 printable ASCII characters without spaces), or the default one. */
export function hostNameOption(options: Record<string, unknown>): string {
  const name = options.hostName;
  if (name === undefined) return defaultHostName();
  if (typeof name !== 'string' || !hostNamePattern.test(name))
    throw new CliFailure(`--host-name ${JSON.stringify(name)}: not a host name (1 to 128 printable ASCII characters without spaces)`);
  return name;
}
