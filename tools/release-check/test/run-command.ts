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
 * Runs `command args…` in `cwd` without blocking the event loop (an
 * `npm install` that compiles better-sqlite3 takes minutes), with the
 * parent's environment minus npm's own `npm_*` variables (a nested npm must
 * not think it runs inside this workspace's npm). With `timeoutMs`, a
 * command still running then is killed (SIGKILL) and its stderr ends with a
 * line saying so.
 */
export function runCommand(
  command: string,
  args: readonly string[],
  cwd: string,
  env: Readonly<Record<string, string>> = {},
  timeoutMs?: number,
): Promise<CommandResult> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.toLowerCase().startsWith('npm_')));
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...clean, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer =
      timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            stderr += `\n${command} ${args.join(' ')}: killed after ${timeoutMs} ms\n`;
            child.kill('SIGKILL');
          }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr, ms: performance.now() - started });
    });
  });
}
