/**
 * A private PostgreSQL server for the tests and the benchmark: `initdb` into
 * a temporary folder, `pg_ctl start` on 127.0.0.1 with a free port, stopped
 * and removed afterwards. PostgreSQL refuses to run as root, so as root the
 * server runs as the `postgres` user (the folder is handed to it).
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** A running private server. */
export interface PostgresServer {
  /** `postgres://xcap@127.0.0.1:<port>/postgres` (trust authentication unless `password` was given: then TCP logins need it). */
  readonly url: string;
  readonly port: number;
  /** The temporary folder holding the cluster and the log. */
  readonly dir: string;
  /** `pg_ctl restart -m fast` (every connection is cut; the server is back when it resolves). */
  restart(): Promise<void>;
  /** `pg_ctl stop -m fast` without restarting (for a refused-connection test). */
  stopOnly(): Promise<void>;
  /** `pg_ctl start` after `stopOnly`. */
  start(): Promise<void>;
  /** Stops the server and removes the folder. */
  stop(): Promise<void>;
}

/** The user the cluster is created with (a superuser; trust authentication). */
export const testUser = 'xcap';

/** The folder holding `initdb` and `pg_ctl`: `$XCAP_POSTGRES_BIN` when set, else on PATH, else Debian's `/usr/lib/postgresql/<version>/bin`. */
export function findPostgresBin(): string | undefined {
  const chosen = process.env['XCAP_POSTGRES_BIN'];
  if (chosen !== undefined && chosen !== '') return existsSync(path.join(chosen, 'initdb')) ? chosen : undefined;
  for (const dir of (process.env['PATH'] ?? '').split(path.delimiter)) {
    if (dir !== '' && existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl'))) return dir;
  }
  const debian = '/usr/lib/postgresql';
  if (!existsSync(debian)) return undefined;
  const versions = readdirSync(debian)
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = path.join(debian, version, 'bin');
    if (existsSync(path.join(bin, 'initdb'))) return bin;
  }
  return undefined;
}

/** Why no server can be had here, as one line naming the fix. */
export const noPostgresHelp =
  'the @xcap/store-postgres tests need a PostgreSQL server and found no initdb (not in $XCAP_POSTGRES_BIN when set, else neither on PATH nor in /usr/lib/postgresql/<version>/bin): run scripts/ensure-postgres.sh (apt-get install -y postgresql) or put initdb and pg_ctl on PATH';

/** Options of `startPostgresServer`. */
export interface PostgresServerOptions {
  /** Keep fsync on (the benchmark measures real commits); off by default, which makes the tests faster. */
  readonly fsync?: boolean;
  /** The password of the `xcap` user: TCP logins must give it (scram-sha-256); without it every login is trusted. */
  readonly password?: string;
}

/** Starts a private server; rejects with a clear message when none can be had. */
export async function startPostgresServer(serverOptions: PostgresServerOptions = {}): Promise<PostgresServer> {
  const bin = findPostgresBin();
  if (bin === undefined) throw new Error(noPostgresHelp);
  const root = process.getuid?.() === 0;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'xcap-pg-'));
  const data = path.join(dir, 'data');
  const log = path.join(dir, 'server.log');
  if (root) await handToPostgres(dir);
  const run = (tool: string, args: readonly string[], timeoutMs: number) => runTool(root, path.join(bin, tool), args, timeoutMs, log);
  try {
    const auth = ['-A', 'trust'];
    if (serverOptions.password !== undefined) {
      // Read by initdb as the server's user: the test's own folder keeps it from others.
      const pwfile = path.join(dir, 'password');
      await writeFile(pwfile, `${serverOptions.password}\n`, { mode: 0o644 });
      auth.splice(0, 2, '--auth-local=trust', '--auth-host=scram-sha-256', `--pwfile=${pwfile}`);
    }
    await run('initdb', ['-D', data, ...auth, '-U', testUser, '--no-sync', '-E', 'UTF8', '--locale=C'], 60_000);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  let port = 0;
  const options = () => `-p ${port} -k ${data} -c listen_addresses=127.0.0.1 -c fsync=${serverOptions.fsync === true ? 'on' : 'off'} -c max_connections=200`;
  const start = async () => {
    await run('pg_ctl', ['-D', data, '-o', options(), '-l', log, '-w', '-t', '30', 'start'], 40_000);
  };
  let started = false;
  let lastError: unknown;
  for (let attempt = 0; attempt < 3 && !started; attempt++) {
    port = await freePort();
    try {
      await start();
      started = true;
    } catch (error) {
      lastError = error;
    }
  }
  if (!started) {
    await rm(dir, { recursive: true, force: true });
    throw lastError;
  }
  const stopOnly = () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '30', 'stop'], 40_000);
  return {
    url: `postgres://${testUser}@127.0.0.1:${port}/postgres`,
    port,
    dir,
    restart: () => run('pg_ctl', ['-D', data, '-o', options(), '-l', log, '-m', 'fast', '-w', '-t', '30', 'restart'], 40_000),
    stopOnly,
    start,
    stop: async () => {
      try {
        await stopOnly();
      } catch {
        // already stopped, or never fully started: the folder goes anyway
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}

/** A port nothing listens on right now (asked from the OS, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Gives the folder to the `postgres` user (the server refuses to run as root). */
async function handToPostgres(dir: string): Promise<void> {
  const ids = await new Promise<string>((resolve, reject) => {
    execFile('id', ['-u', 'postgres'], (error, out) =>
      error
        ? reject(
            new Error(
              'the tests run as root and there is no `postgres` user to run the PostgreSQL server as (PostgreSQL refuses root): install the postgresql package (scripts/ensure-postgres.sh)',
            ),
          )
        : resolve(out),
    );
  });
  const uid = Number(ids.trim());
  const gid = Number(
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- execFile's error is an Error (ExecFileException, typed through Omit<ExecException, 'code'>)
    await new Promise<string>((resolve, reject) => execFile('id', ['-g', 'postgres'], (error, out) => (error ? reject(error) : resolve(out)))),
  );
  await chown(dir, uid, gid);
}

/** Runs a PostgreSQL tool (as `postgres` when root); a failure names the tool, its output and the end of the server log. */
function runTool(root: boolean, tool: string, args: readonly string[], timeoutMs: number, log: string): Promise<void> {
  const [file, argv] = root ? ['runuser', ['-u', 'postgres', '--', tool, ...args]] : [tool, [...args]];
  return new Promise((resolve, reject) => {
    execFile(file, argv, { timeout: timeoutMs, cwd: os.tmpdir() }, (error, stdout, stderr) => {
      if (error === null) return resolve();
      void readFile(log, 'utf8')
        .catch(() => '')
        .then((text) => {
          const tail = text.split('\n').slice(-8).join('\n');
          reject(
            new Error(
              `${path.basename(tool)} ${args.at(-1) ?? ''} failed (${error.message.split('\n')[0]}): ${stdout}${stderr}${tail === '' ? '' : `\nserver log:\n${tail}`}`,
            ),
          );
        });
    });
  });
}
