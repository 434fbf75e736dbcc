/** The console cannot take the requests of `xcap serve` here: another console runs, or the relay folder is not only its owner's; its message is one line. */
export class RelayRefusedError extends Error {
  /** An error with the one line `message`. */
  constructor(message: string) {
    super(message);
    this.name = 'RelayRefusedError';
  }
}
