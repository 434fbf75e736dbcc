import { spawn } from 'node:child_process';
import type { CommandResult, CommandRunner } from './command-runner.js';

/** The commands of one host, run and stopped together. */
export interface CommandGroup {
  /**
   * The `CommandRunner` of this group: `child_process.spawn` with no shell
   * (each argument reaches the command as one argv entry, whatever it
   * holds), stdin fed from `input`, a timeout that kills the command and
   * everything it started (it runs in a process group of its own). It never
   * throws or rejects.
   */
  readonly run: CommandRunner;
  /**
   * Stops every command `run` started that is still running, and only
   * those: its process group is killed (SIGKILL) and its run answers
   * `code: null` with `failure` = `reason` at once, so the call waiting for
   * it ends with its defined outcome. Answers how many were stopped.
   */
  stop(reason?: string): number;
}

const keep = 64 * 1024;

/**
 * A new group of external commands with its own registry of the running
 * ones: each host (`createNodeHost`) runs its providers' `lp`,
 * `notify-send` and `gdbus` through one, so stopping them at its shutdown
 * leaves another host's commands in the same process running.
 */
export function createCommandGroup(): CommandGroup {
  /** The commands started that are still running, each with how to end it. */
  const running = new Set<(reason: string) => void>();
  const run: CommandRunner = (command, args, options = {}) =>
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
  const stop = (reason = 'stopped: xcap is shutting down'): number => {
    const stops = [...running];
    for (const end of stops) end(reason);
    return stops.length;
  };
  return { run, stop };
}

function killGroup(child: ReturnType<typeof spawn>): void {
  try {
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    else child.kill('SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
}
