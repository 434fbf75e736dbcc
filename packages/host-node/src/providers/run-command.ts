import { spawn } from 'node:child_process';

/** How one run of an external command ended. */
export interface CommandResult {
  /** The exit code; `null` when the command could not start, was killed or timed out. */
  readonly code: number | null;
  /** Its standard output (UTF-8, at most 64 KiB kept). */
  readonly stdout: string;
  /** Its standard error (UTF-8, at most 64 KiB kept). */
  readonly stderr: string;
  /** Why it did not run to an exit code (`spawn ENOENT`, `timed out after 30000 ms`), when it did not. */
  readonly failure?: string;
}

/** What a run of an external command gets besides its argument array. */
export interface CommandOptions {
  /** Bytes written to its standard input (closed right after); without it, stdin is empty. */
  readonly input?: Uint8Array;
  /** Killed (SIGKILL) after this many milliseconds (default 30,000). */
  readonly timeoutMs?: number;
  /** Its environment (default: this process's). */
  readonly env?: NodeJS.ProcessEnv;
}

/**
 * Runs a command with an argument array: the providers' one way to reach
 * `notify-send` and `lp`, injectable so tests can record or fail it. It
 * never throws or rejects: a command that cannot start or times out answers
 * `code: null` and a `failure`.
 */
export type CommandRunner = (command: string, args: readonly string[], options?: CommandOptions) => Promise<CommandResult>;

const keep = 64 * 1024;

/** The commands `runCommand` started that are still running, each with how to end it. */
const running = new Set<(reason: string) => void>();

/**
 * Stops every command `runCommand` started that is still running: its
 * process group is killed (SIGKILL) and its run answers `code: null` with
 * `failure` = `reason` at once, so the call waiting for it ends with its
 * defined outcome. For a shutdown that cannot wait (`xcap serve` after its
 * grace period). Answers how many were stopped.
 */
export function stopRunningCommands(reason = 'stopped: xcap is shutting down'): number {
  const stops = [...running];
  for (const stop of stops) stop(reason);
  return stops.length;
}

/**
 * The default `CommandRunner`: `child_process.spawn` with no shell (each
 * argument reaches the command as one argv entry, whatever it holds),
 * stdin fed from `input`, a timeout that kills the command and everything
 * it started (it runs in a process group of its own).
 */
export const runCommand: CommandRunner = (command, args, options = {}) =>
  new Promise<CommandResult>((resolve) => {
    const timeoutMs = options.timeoutMs ?? 30_000;
    let stdout = '';
    let stderr = '';
    let settled = false;
    const finish = (result: CommandResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      running.delete(stop);
      resolve(result);
    };
    const stop = (reason: string) => {
      killGroup(child);
      finish({ code: null, stdout, stderr, failure: reason });
    };
    let child: ReturnType<typeof spawn>;
    try {
      child = spawn(command, [...args], { shell: false, detached: true, stdio: ['pipe', 'pipe', 'pipe'], env: options.env ?? process.env });
    } catch (error) {
      resolve({ code: null, stdout, stderr, failure: error instanceof Error ? error.message : String(error) });
      return;
    }
    running.add(stop);
    const timer = setTimeout(() => {
      killGroup(child);
      finish({ code: null, stdout, stderr, failure: `timed out after ${timeoutMs} ms` });
    }, timeoutMs);
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      if (stdout.length < keep) stdout += chunk.slice(0, keep - stdout.length);
    });
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      if (stderr.length < keep) stderr += chunk.slice(0, keep - stderr.length);
    });
    child.on('error', (error) => finish({ code: null, stdout, stderr, failure: error.message }));
    child.on('close', (code, signal) =>
      finish(code === null ? { code, stdout, stderr, failure: `killed by ${signal ?? 'a signal'}` } : { code, stdout, stderr }),
    );
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(options.input === undefined ? undefined : Buffer.from(options.input.buffer, options.input.byteOffset, options.input.byteLength));
  });

function killGroup(child: ReturnType<typeof spawn>): void {
  try {
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    else child.kill('SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
}
