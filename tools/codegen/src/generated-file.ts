/** One file the generator writes. */
export interface GeneratedFile {
  /** From an emitter: relative to the generated modules' folder; from `generate`: relative to the output folder. */
  readonly path: string;
  /** The file's text (from an emitter, without the generated-file header). */
  readonly content: string;
}
