import { spawn } from 'node:child_process';

/** What a finished child process left behind. */
export interface CommandResult {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** Wall-clock milliseconds the command took. */
  readonly ms: number;
}

/**
 * Runs `command args…` in `cwd` without blocking the event loop, with the
 * parent's environment minus npm's own `npm_*` variables (a nested npm must
 * not think it runs inside this workspace's npm script) plus `env`.
 */
export function runCommand(command: string, args: readonly string[], cwd: string, env: Readonly<Record<string, string>> = {}): Promise<CommandResult> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.toLowerCase().startsWith('npm_')));
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...clean, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr, ms: performance.now() - started }));
  });
}

/** Runs a command and throws, with the end of its output, unless it exits 0. */
export async function mustRun(command: string, args: readonly string[], cwd: string, env: Readonly<Record<string, string>> = {}): Promise<CommandResult> {
  const result = await runCommand(command, args, cwd, env);
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} (in ${cwd}) exited ${String(result.status)}:\n${`${result.stdout}\n${result.stderr}`.trim().slice(-4000)}`);
  }
  return result;
}
