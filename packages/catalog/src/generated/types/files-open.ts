// generated from fixtures/capabilities.json by tools/codegen — do not edit
/** The arguments of `files_open` as an app or agent passes them. */
export interface FilesOpenInput {
  /**
   * Items: at most 20.
   */
  accept?: string[];
  /**
   * @defaultValue false
   */
  multiple?: boolean;
}

/** What `files_open` answers (its structured content). */
export interface FilesOpenOutput {
  /**
   * Items: at most 100.
   */
  files: {
    /**
     * Length: 1–255 characters.
     */
    name: string;
    /**
     * Length: 1–100 characters.
     */
    mimeType: string;
    /**
     * An integer. Range: at least 0.
     */
    size: number;
    /**
     * Length: 1–200 characters.
     */
    fileId: string;
  }[];
}

/** What the native provider of `files_open` receives (the bridge's mapping). */
export interface FilesOpenNativeInput {
  /**
   * Items: at most 20.
   */
  accept?: string[];
  /**
   * @defaultValue false
   */
  multiple: boolean;
}

/** What the native provider of `files_open` answers. */
export interface FilesOpenNativeOutput {
  /**
   * Items: at most 100.
   */
  files: {
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
  }[];
}
