import os from 'node:os';
import { Option } from 'commander';
import {
  connectionSecrets,
  createPostgresStores,
  maskConnectionString,
  PostgresStoreError,
  scrubSecrets,
  type PostgresStores,
  type PostgresStoresOptions,
} from '@xcap/store-postgres';
import { CliFailure } from './cli-failure.js';
import type { CliIo } from './cli-io.js';

/** The environment variable `--store` defaults to. */
export const storeEnvName = 'XCAP_STORE';

/**
 * The `--store <url>` option of every command that reads or writes shared
 * state. Its help never shows a value (neither a default nor the
 * environment's), so no password reaches `--help`.
 */
export function storeOption(): Option {
  return new Option(
    '--store <url>',
    `keep grants, app files, audit rows and tokens in PostgreSQL (postgres://user:password@host:5432/db) instead of the data directory; default $${storeEnvName}`,
  );
}

/**
 * The connection string a command uses: `--store`, else `$XCAP_STORE`
 * (an empty one counts as unset), else `undefined` (the data directory).
 * Anything but a `postgres://` or `postgresql://` URL is a `CliFailure`
 * (exit 2) showing the value masked.
 */
export function storeUrl(options: Record<string, unknown>, io: CliIo): string | undefined {
  const given = options.store;
  const fromEnv = io.env[storeEnvName];
  const url = typeof given === 'string' ? given : fromEnv === undefined || fromEnv === '' ? undefined : fromEnv;
  if (url === undefined) return undefined;
  const where = typeof given === 'string' ? '--store' : `$${storeEnvName}`;
  if (!/^postgres(?:ql)?:\/\/\S/i.test(url))
    throw new CliFailure(`${where} ${maskConnectionString(url)}: not a PostgreSQL connection string (postgres://user:password@host:5432/db)`);
  return url;
}

/**
 * Opens the PostgreSQL stores at `url` (checking the connection and
 * migrating the schema). A server that cannot be reached, refuses the
 * login or holds a newer schema is a `CliFailure` with exit 1: one line,
 * the connection string masked and the password scrubbed from the
 * server's words.
 */
export async function openStores(url: string, options: PostgresStoresOptions = {}): Promise<PostgresStores> {
  try {
    return await createPostgresStores(url, options);
  } catch (error) {
    if (error instanceof PostgresStoreError) throw new CliFailure(error.message, 1);
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
