import { JsonTextError } from '@xcap/catalog';
import { terminalText } from '../terminal-text.js';
import { CliFailure, errorLine, OutputClosed } from './cli-failure.js';

/**
 * The exit code for an error a command ended with, after printing its one
 * `errorLine` on stderr: `OutputClosed` 0 (nothing printed), a `CliFailure`
 * its `exitCode`, anything else 1. An error caused by text that is not JSON
 * (a `JsonTextError` as its `cause`) is followed by the offending line and
 * a caret under the column, each through `terminalText`.
 */
export function failureExitCode(error: unknown, stderr: (text: string) => void): number {
  if (error instanceof OutputClosed) return 0;
  stderr(errorLine(error instanceof Error ? error.message : String(error)));
  const notJson = jsonTextCause(error);
  if (notJson !== undefined) for (const line of notJson.message.split('\n').slice(1)) stderr(`${terminalText(line)}\n`);
  return error instanceof CliFailure ? error.exitCode : 1;
}

/** The `JsonTextError` among the first causes of `error` (a `CliFailure` of a `ManifestError` of one), if any. */
function jsonTextCause(error: unknown): JsonTextError | undefined {
  let at = error;
  for (let depth = 0; depth < 4 && at instanceof Error; depth++, at = at.cause) if (at instanceof JsonTextError) return at;
  return undefined;
}
