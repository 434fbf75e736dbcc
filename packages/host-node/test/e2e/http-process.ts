import { spawn, type ChildProcess } from 'node:child_process';
import { listeningUrl } from '@xcap/test-support';
import { xcapBin } from './xcap-process.js';

/** A spawned `xcap serve --http …` and the URL it printed. */
export interface HttpServeProcess {
  readonly child: ChildProcess;
  /** The endpoint from the start line (`listening on http://…/mcp`). */
  readonly url: string;
  /** Everything it wrote on stderr so far. */
  readonly stderr: () => string;
  /** Resolves with the exit code (or the signal) once it exited. */
  readonly exited: Promise<number | NodeJS.Signals | null>;
}

/** Spawns `xcap serve <args>` (args include `--http …`; `env` over PATH and HOME) and waits (up to 15 s) for its start line. */
export async function spawnHttpServe(args: readonly string[], env: Readonly<Record<string, string>> = {}): Promise<HttpServeProcess> {
  const child = spawn(process.execPath, [xcapBin, 'serve', ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  const { url, stderr } = await listeningUrl(child, 'xcap serve --http');
  return { child, url, stderr, exited };
}

/** Kills the process (SIGKILL) unless it exited, and waits for the exit. */
export async function killServe(serve: HttpServeProcess): Promise<void> {
  if (serve.child.exitCode === null && serve.child.signalCode === null) serve.child.kill('SIGKILL');
  await serve.exited;
}
