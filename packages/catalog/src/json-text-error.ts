/**
 * Text that is not JSON, said where a person can find it: the message is
 * `line <l>, column <c>: <what the parser found>`, then the offending line
 * (a window of it around the column, for a long or minified line) and a
 * caret under the column. `line` and `column` count from 1; the column
 * counts UTF-16 code units, as editors do.
 */
export class JsonTextError extends SyntaxError {
  /** The line of the error, from 1. */
  readonly line: number;
  /** The column of the error, from 1. */
  readonly column: number;

  constructor(problem: string, line: number, column: number, excerpt: string) {
    super(`line ${line}, column ${column}: ${problem}\n${excerpt}`);
    this.name = 'JsonTextError';
    this.line = line;
    this.column = column;
  }
}
