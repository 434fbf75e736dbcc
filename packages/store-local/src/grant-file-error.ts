/**
 * A grant file (`consent.json`) that cannot be used as it is: not JSON, or
 * not the spec's shape `{"<appId>": {"<scope>": "granted"|"denied"}}`. It
 * names the file, the JSON pointer of the problem and the problem; the store
 * never resets or overwrites such a file.
 */
export class GrantFileError extends Error {
  /** The grant file. */
  readonly file: string;
  /** The JSON pointer of the first problem (`""` for the whole document). */
  readonly pointer: string;
  /** What is wrong there. */
  readonly problem: string;

  constructor(file: string, pointer: string, problem: string) {
    super(`grant file ${file}: ${pointer === '' ? 'the document' : pointer} ${problem}; fix or remove the file (it is never reset automatically)`);
    this.name = 'GrantFileError';
    this.file = file;
    this.pointer = pointer;
    this.problem = problem;
  }
}
