/** The error a failing native conformance test throws: its message says what the provider did wrong. */
export class ConformanceFailure extends Error {
  /** A failure with `message`. */
  constructor(message: string) {
    super(message);
    this.name = 'ConformanceFailure';
  }
}
