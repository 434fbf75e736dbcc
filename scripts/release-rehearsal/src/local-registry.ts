import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** A Verdaccio registry this process started on 127.0.0.1. */
export interface LocalRegistry {
  /** `http://127.0.0.1:<port>/` */
  readonly url: string;
  /** Everything the server printed (warnings and errors only). */
  readonly log: () => string;
  /** Stops the server (SIGTERM, SIGKILL after 5 s) and waits for it to exit. */
  readonly stop: () => Promise<void>;
}

/** What {@link startLocalRegistry} needs. */
export interface LocalRegistryOptions {
  /** Node ≥ 22 to run Verdaccio with. */
  readonly node: string;
  /** Verdaccio's `bin/verdaccio`. */
  readonly verdaccio: string;
  /** A throwaway folder for the configuration, the storage and the user file. */
  readonly dir: string;
  /** The registry third-party packages are proxied from. */
  readonly uplink: string;
  /** The scope served only from this registry's storage (never proxied), e.g. `@xcap`. */
  readonly localScope: string;
}

/** A free TCP port on 127.0.0.1 (bound, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * The Verdaccio configuration: storage in `dir`; the local scope is
 * published to and read from this registry only (no `proxy`), every other
 * package is proxied from the uplink; anyone reads, a registered user
 * publishes; the web UI is off.
 */
export function verdaccioConfig(dir: string, uplink: string, localScope: string): string {
  return [
    `storage: ${JSON.stringify(join(dir, 'storage'))}`,
    'auth:',
    '  htpasswd:',
    `    file: ${JSON.stringify(join(dir, 'htpasswd'))}`,
    '    max_users: 10',
    'uplinks:',
    '  npmjs:',
    `    url: ${JSON.stringify(uplink)}`,
    '    timeout: 60s',
    'packages:',
    `  '${localScope}/*':`,
    '    access: $all',
    '    publish: $authenticated',
    '    unpublish: $authenticated',
    "  '**':",
    '    access: $all',
    '    publish: $authenticated',
    '    proxy: npmjs',
    'web:',
    '  enable: false',
    'log: { type: stdout, format: pretty, level: warn }',
    '',
  ].join('\n');
}

/** Starts Verdaccio on a free port of 127.0.0.1 and waits until it answers `/-/ping` (at most 60 s). */
export async function startLocalRegistry(options: LocalRegistryOptions): Promise<LocalRegistry> {
  mkdirSync(join(options.dir, 'storage'), { recursive: true });
  const config = join(options.dir, 'config.yaml');
  writeFileSync(config, verdaccioConfig(options.dir, options.uplink, options.localScope));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const child: ChildProcess = spawn(options.node, [options.verdaccio, '--config', config, '--listen', `127.0.0.1:${port}`], {
    cwd: options.dir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Verdaccio exited ${String(child.exitCode)} before answering on ${url}:\n${output.slice(-2000)}`);
    try {
      const answer = await fetch(`${url}-/ping`);
      if (answer.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`Verdaccio did not answer ${url}-/ping within 60 s:\n${output.slice(-2000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, log: () => output, stop };
}

/** Registers a throwaway user (npm's `adduser` request) and returns the token to publish with. */
export async function addRegistryUser(url: string, name: string, password: string): Promise<string> {
  const answer = await fetch(`${url}-/user/org.couchdb.user:${encodeURIComponent(name)}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ _id: `org.couchdb.user:${name}`, name, password, type: 'user', roles: [], date: new Date().toISOString() }),
  });
  const body = (await answer.json()) as { token?: string; error?: string };
  if (!answer.ok || typeof body.token !== 'string') throw new Error(`${url} refused the user ${name}: HTTP ${answer.status} ${JSON.stringify(body)}`);
  return body.token;
}
