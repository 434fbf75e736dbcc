import { createCommandGroup } from './command-group.js';

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

/** The group of the commands `runCommand` starts: every caller of it in this process shares it. */
const processGroup = createCommandGroup();

/**
 * Stops every command `runCommand` started that is still running: its
 * process group is killed (SIGKILL) and its run answers `code: null` with
 * `failure` = `reason` at once. Answers how many were stopped. A host
 * (`createNodeHost`) no longer runs its commands through `runCommand`, so
 * this does not stop them: use `NodeHost.stopCommands()` (or a
 * `createCommandGroup()` of your own).
 * @deprecated Process-wide: use `NodeHost.stopCommands()` or a `createCommandGroup()`; this export goes in the next minor.
 */
export function stopRunningCommands(reason = 'stopped: xcap is shutting down'): number {
  return processGroup.stop(reason);
}

/**
 * The default `CommandRunner` of the providers made outside a host:
 * `child_process.spawn` with no shell (each argument reaches the command as
 * one argv entry, whatever it holds), stdin fed from `input`, a timeout that
 * kills the command and everything it started (it runs in a process group
 * of its own). Its commands are in one process-wide group; a host runs its
 * own through a `createCommandGroup()`.
 */
export const runCommand: CommandRunner = (command, args, options) => processGroup.run(command, args, options);
