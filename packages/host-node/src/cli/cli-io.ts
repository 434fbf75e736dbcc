/** Where the `xcap` CLI writes and what it reads from its process (swappable in tests). */
export interface CliIo {
  /** Writes to standard output (results, `--json` documents). */
  readonly stdout: (text: string) => void;
  /** Writes to standard error (errors, one line each; `xcap serve`'s start line). */
  readonly stderr: (text: string) => void;
  /** The environment (`XDG_DATA_HOME`, `HOME` for the default data directory). */
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** The real process's streams and environment. */
export function processIo(): CliIo {
  return {
    stdout: (text) => void process.stdout.write(text),
    stderr: (text) => void process.stderr.write(text),
    env: process.env,
  };
}
