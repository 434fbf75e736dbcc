import { CliFailure, OutputClosed } from './cli-failure.js';

/** Where the `xcap` CLI writes and what it reads from its process (swappable in tests). */
export interface CliIo {
  /** Writes to standard output (results, `--json` documents). */
  readonly stdout: (text: string) => void;
  /** Writes to standard error (errors, one line each; `xcap serve`'s start line). */
  readonly stderr: (text: string) => void;
  /** The environment (`XDG_DATA_HOME`, `HOME` for the default data directory). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /**
   * Resolves once everything written with `stdout` so far is written;
   * rejects with the first write error (`EPIPE` when the reader closed the
   * pipe, `ENOSPC`, …). Without it (an in-memory io) writes cannot fail.
   */
  readonly stdoutDone?: () => Promise<void>;
  /** True when standard output is a terminal (`xcap audit --follow` then prints a table, else JSON lines). */
  readonly stdoutIsTerminal?: boolean;
  /**
   * Calls `stop` on SIGINT or SIGTERM until the function it answers is
   * called (a long-running command, `xcap audit --follow`, then ends
   * cleanly with 0). Without it nothing stops such a command but its
   * output closing.
   */
  readonly onStopSignal?: (stop: () => void) => () => void;
}

/**
 * The real process's streams and environment. A write error on stdout
 * (`xcap audit | head -1`, `> /dev/full`) never crashes the process: it is
 * kept for `stdoutDone`, and nothing more is written after it (the
 * listener is added on the first `stdout` write: `xcap serve`, whose stdout
 * carries the protocol, never writes through here). A write error on
 * stderr is ignored (there is nowhere left to report it).
 */
export function processIo(): CliIo {
  let failure: Error | undefined;
  let last: Promise<void> = Promise.resolve();
  let listening = false;
  const keep = (error: Error | null | undefined) => {
    if (error !== null && error !== undefined && failure === undefined) failure = error;
  };
  process.stderr.on('error', () => undefined);
  return {
    stdout: (text) => {
      if (failure !== undefined) return;
      if (!listening) process.stdout.on('error', keep);
      listening = true;
      const previous = last;
      const written = new Promise<void>((resolve) => {
        process.stdout.write(text, (error) => {
          keep(error);
          resolve();
        });
      });
      last = Promise.all([previous, written]).then(() => undefined);
    },
    stderr: (text) => void process.stderr.write(text),
    env: process.env,
    stdoutIsTerminal: process.stdout.isTTY === true,
    onStopSignal: (stop) => {
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      return () => {
        process.off('SIGINT', stop);
        process.off('SIGTERM', stop);
      };
    },
    stdoutDone: async () => {
      await last;
      if (failure !== undefined) throw failure;
    },
  };
}

/**
 * Waits until the command's output is written (`io.stdoutDone`). A reader
 * that went away (`EPIPE`: `xcap audit | head -1`) is `OutputClosed` — the
 * command ends quietly, exit 0; any other write error (`ENOSPC` from
 * `/dev/full`) is a `CliFailure` (exit 1) `cannot write to standard output:
 * <error>`, followed by `; <done>` when the command's work was done all the
 * same (`the grant was stored: …`).
 */
export async function stdoutWritten(io: CliIo, done?: string): Promise<void> {
  try {
    await io.stdoutDone?.();
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === 'EPIPE') throw new OutputClosed();
    const reason = error instanceof Error ? error.message : String(error);
    throw new CliFailure(`cannot write to standard output: ${reason}${done === undefined ? '' : `; ${done}`}`, 1);
  }
}
