// generated from fixtures/capabilities.json by tools/codegen — do not edit
/** The arguments of `files_save` as an app or agent passes them. */
export type FilesSaveInput =
  | {
      /**
       * Length: 1–255 characters.
       */
      name: string;
      /**
       * Length: 1–200 characters.
       */
      fileId: string;
      /**
       * Length: 1–100 characters.
       */
      mimeType?: string;
      text?: never;
    }
  | {
      /**
       * Length: 1–255 characters.
       */
      name: string;
      /**
       * Length: at most 1000000 characters.
       */
      text: string;
      /**
       * Length: 1–100 characters.
       */
      mimeType?: string;
      fileId?: never;
    };

/** What `files_save` answers (its structured content). */
export interface FilesSaveOutput {
  saved: boolean;
}

/** What the native provider of `files_save` receives (the bridge's mapping). */
export interface FilesSaveNativeInput {
  /**
   * Length: 1–255 characters.
   */
  name: string;
  /**
   * Length: 1–100 characters.
   */
  mimeType: string;
  /**
   * Format: base64 (standard alphabet, padded).
   */
  data: string;
}

/** What the native provider of `files_save` answers. */
export interface FilesSaveNativeOutput {
  saved: boolean;
}
