/**
 * A command that cannot do what was asked (a bad manifest, an unknown scope,
 * a broken grant file): the CLI prints `xcap: <message>` as ONE line on
 * stderr and exits with `exitCode` (2 for bad input, 1 for a failure).
 */
export class CliFailure extends Error {
  /** The process exit code. */
  readonly exitCode: number;

  constructor(message: string, exitCode = 2) {
    super(message);
    this.name = 'CliFailure';
    this.exitCode = exitCode;
  }
}

/** An error's message flattened to one line (newlines become `; `). */
export function oneLine(message: string): string {
  return message.trim().split(/\s*\n\s*(?:-\s+)?/).filter((part) => part !== '').join('; ');
}
