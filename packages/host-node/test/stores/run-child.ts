import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The host-node package folder (children run from there so `--import tsx` resolves). */
const packageDir = fileURLToPath(new URL('../../', import.meta.url));

/** Starts `test/stores/children/<script>` in a new node process (through tsx) with `args`. */
export function startChild(script: string, args: readonly string[]): ChildProcess {
  const file = fileURLToPath(new URL(`./children/${script}`, import.meta.url));
  return spawn(process.execPath, ['--import', 'tsx', file, ...args], { cwd: packageDir, stdio: ['ignore', 'pipe', 'pipe'] });
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

/** Runs a child script to its end. */
export function runChild(script: string, args: readonly string[]): Promise<ChildEnd> {
  return childEnd(startChild(script, args));
}
