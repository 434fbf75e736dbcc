// generated from fixtures/capabilities.json by tools/codegen — do not edit
/** The arguments of `files_open` as an app or agent passes them. */
export interface FilesOpenInput {
  /**
   * Maximum items: 20.
   */
  accept?: string[];
  multiple?: boolean;
}

/** What `files_open` answers (its structured content). */
export interface FilesOpenOutput {
  /**
   * Maximum items: 100.
   */
  files: {
    name: string;
    mimeType: string;
    size: number;
    fileId: string;
  }[];
}

/** What the native provider of `files_open` receives (the bridge's mapping). */
export interface FilesOpenNativeInput {
  /**
   * Maximum items: 20.
   */
  accept?: string[];
  multiple: boolean;
}

/** What the native provider of `files_open` answers. */
export interface FilesOpenNativeOutput {
  /**
   * Maximum items: 100.
   */
  files: {
    name: string;
    mimeType: string;
    data: string;
  }[];
}
