/** `copyDataDirToPostgres` (`xcap store copy`) could not copy, or the copy read back does not match the data directory: the message says what, naming the database (masked) or the path. */
export class StoreCopyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreCopyError';
  }
}
