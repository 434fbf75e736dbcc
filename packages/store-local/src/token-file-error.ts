/**
 * A token file (`tokens.json`) that cannot be used as it is: not JSON, not
 * the expected shape, a symbolic link, not a regular file, or writable by
 * other users. It names the file and the JSON pointer of the problem; the
 * store never resets or overwrites such a file, and an HTTP host answers
 * 500 (no token is accepted) until it is fixed.
 */
export class TokenFileError extends Error {
  /** The token file. */
  readonly file: string;
  /** The JSON pointer of the problem (`""` for the whole file). */
  readonly pointer: string;

  constructor(file: string, pointer: string, problem: string) {
    super(`token file ${file}: ${pointer === '' ? 'the file' : pointer} ${problem}; fix or remove the file (it is never reset automatically)`);
    this.name = 'TokenFileError';
    this.file = file;
    this.pointer = pointer;
  }
}
