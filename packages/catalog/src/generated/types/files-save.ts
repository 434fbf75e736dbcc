// generated from fixtures/capabilities.json by tools/codegen — do not edit
/** The arguments of `files_save` as an app or agent passes them. */
export type FilesSaveInput =
  | {
      name: string;
      fileId: string;
      mimeType?: string;
      text?: never;
    }
  | {
      name: string;
      text: string;
      mimeType?: string;
      fileId?: never;
    };

/** What `files_save` answers (its structured content). */
export interface FilesSaveOutput {
  saved: boolean;
}

/** What the native provider of `files_save` receives (the bridge's mapping). */
export interface FilesSaveNativeInput {
  name: string;
  mimeType: string;
  data: string;
}

/** What the native provider of `files_save` answers. */
export interface FilesSaveNativeOutput {
  saved: boolean;
}
