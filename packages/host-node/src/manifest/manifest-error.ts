/**
 * A manifest that cannot be served: its message names the file (when read from
 * one) and lists every problem as `<JSON pointer>: <rule>`, one per line;
 * `problems` holds them as an array.
 */
export class ManifestError extends Error {
  /** Every problem found, each `<JSON pointer>: <rule>` (`/capabilities/0/id: no scope "photo.read" in the catalog`). */
  readonly problems: readonly string[];
  /** The manifest file, when the manifest was read from one. */
  readonly file: string | undefined;

  /**
   * `options.cause` keeps what the problems came from: a `JsonTextError` of
   * `@xcap/catalog` for a file that is not JSON, whose offending line and
   * caret the CLI prints under its one error line.
   */
  constructor(problems: readonly string[], file?: string, options?: ErrorOptions) {
    const where = file === undefined ? 'invalid manifest' : `invalid manifest ${file}`;
    super(`${where}: ${problems.join('; ')}`, options);
    this.name = 'ManifestError';
    this.problems = problems;
    this.file = file;
  }
}
