import { terminalText } from '../terminal-text.js';

/**
 * A command that cannot do what was asked (a bad manifest, an unknown scope,
 * a broken grant file): the CLI prints `xcap: <message>` as ONE line on
 * stderr and exits with `exitCode` (2 for bad input, 1 for a failure).
 */
export class CliFailure extends Error {
  /** The process exit code. */
  readonly exitCode: number;

  /** `options.cause`: the error it reports (a `ManifestError`, …), kept for the excerpt `failureExitCode` prints. */
  constructor(message: string, exitCode = 2, options?: ErrorOptions) {
    super(message, options);
    this.name = 'CliFailure';
    this.exitCode = exitCode;
  }
}

/** An error's message flattened to one line (newlines become `; `). */
export function oneLine(message: string): string {
  return message
    .trim()
    .split(/\s*\n\s*(?:-\s+)?/)
    .filter((part) => part !== '')
    .join('; ');
}

/**
 * The line the CLI prints on stderr for an error: `xcap: <message>\n`, the
 * message passed through `terminalText`, so input quoted in it (an app id, a
 * path, a flag, a grant file's key) cannot draw on the terminal, and a line
 * break in it shows as `\n`. `flatten` first joins the lines of a message
 * laid out on several (commander's `…\n(Did you mean …?)`) with `oneLine`.
 */
export function errorLine(message: string, flatten = false): string {
  return `xcap: ${terminalText(flatten ? oneLine(message) : message.trim())}\n`;
}

/**
 * Standard output's reader went away (`EPIPE`: `xcap audit | head -1`): the
 * command ends quietly — nothing on stderr, exit 0, as the reader has all it
 * wanted.
 */
export class OutputClosed extends Error {
  constructor() {
    super('standard output was closed by its reader');
    this.name = 'OutputClosed';
  }
}
