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
