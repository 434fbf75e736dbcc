/** One file the generator writes, its path relative to the output root's generated folder. */
export interface GeneratedFile {
  /** Path relative to `src/generated/` (or, for native types, prefixed `../../native/`). */
  readonly path: string;
  /** The file's text without the generated-file header. */
  readonly content: string;
}
