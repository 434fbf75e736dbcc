import { maskConnectionString, postgresSchemaVersion } from '@xcap/store-postgres';
import { copyDataDirToPostgres, StoreCopyError } from '@xcap/store-copy';
import { terminalText } from '../terminal-text.js';
import { CliFailure } from './cli-failure.js';
import { stdoutWritten, type CliIo } from './cli-io.js';
import { openStores, storeUrl } from './store-option.js';

/**
 * `xcap store copy --from <dir> --to <url>`: copies a data directory's
 * grants, app files, audit rows and tokens into an empty PostgreSQL
 * database in one transaction, reads it back (row counts, argsHashes, file
 * digests) and prints a summary. A target that is not empty, or a copy
 * that does not match, exits 1 and says so (nothing is written into a
 * non-empty target).
 */
export async function storeCopyCommand(options: Record<string, unknown>, io: CliIo): Promise<void> {
  const from = options.from;
  if (typeof from !== 'string' || from === '') throw new CliFailure('--from: not a directory path');
  const url = await storeUrl({ store: options.to, storeFile: options.toFile }, io, { flag: '--to', fileFlag: '--to-file' });
  if (url === undefined) throw new CliFailure('--to: name the PostgreSQL database (postgres://user@host:5432/db), give --to-file or set $XCAP_STORE');
  const stores = await openStores(url);
  let summary;
  try {
    summary = await copyDataDirToPostgres(from, stores);
  } catch (error) {
    if (error instanceof StoreCopyError) throw new CliFailure(error.message, 1);
    throw error;
  } finally {
    await stores.close();
  }
  const target = terminalText(maskConnectionString(url));
  io.stdout(
    `copied ${terminalText(from)} to ${target}: ${summary.grants} grant(s), ${summary.files} file(s) (${summary.fileBytes} bytes), ${summary.auditRows} audit row(s), ${summary.tokens} token(s)\n` +
      `checked: row counts, every grant and token digest, every file's size and SHA-256, the audit rows' argsHashes in order (sha256 ${summary.auditDigest.slice(0, 16)}…)\n`,
  );
  await stdoutWritten(io, 'the copy was committed and checked all the same');
}

/** `xcap store migrate [--store url]`: creates or migrates the xcap tables and prints the schema version before and after. */
export async function storeMigrateCommand(options: Record<string, unknown>, io: CliIo): Promise<void> {
  const url = await storeUrl(options, io);
  if (url === undefined) throw new CliFailure('--store: name the PostgreSQL database (postgres://user@host:5432/db), give --store-file or set $XCAP_STORE');
  const stores = await openStores(url, { migrate: false });
  try {
    const before = await stores.database.migrate();
    io.stdout(
      `${terminalText(maskConnectionString(url))}: schema version ${before === postgresSchemaVersion ? `${before} (up to date)` : `${before} → ${postgresSchemaVersion}`}\n`,
    );
  } catch (error) {
    if (error instanceof Error) throw new CliFailure(error.message, 1);
    throw error;
  } finally {
    await stores.close();
  }
  await stdoutWritten(io);
}
