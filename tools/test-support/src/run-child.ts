import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The repository root: children run from there, so `--import tsx` resolves from the root's node_modules. */
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** Starts the TypeScript file `script` (a path or a `file:` URL) in a new node process through tsx, with `args`. */
export function startChild(script: string | URL, args: readonly string[]): ChildProcess {
  const file = typeof script === 'string' ? script : fileURLToPath(script);
  return spawn(process.execPath, ['--import', 'tsx', file, ...args], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
}

/** What a finished child printed and how it ended. */
export interface ChildEnd {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Collects a child's output until it exits. */
export function childEnd(child: ChildProcess): Promise<ChildEnd> {
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

/** Runs the TypeScript file `script` to its end (see `startChild`). */
export function runChild(script: string | URL, args: readonly string[]): Promise<ChildEnd> {
  return childEnd(startChild(script, args));
}
