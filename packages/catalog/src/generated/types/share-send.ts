// generated from fixtures/capabilities.json by tools/codegen — do not edit
/** The arguments of `share_send` as an app or agent passes them. */
export type ShareSendInput =
  | {
      title?: string;
      text: string;
      url?: string;
      fileId?: string;
      name?: string;
      mimeType?: string;
    }
  | {
      title?: string;
      text?: string;
      url: string;
      fileId?: string;
      name?: string;
      mimeType?: string;
    }
  | {
      title?: string;
      text?: string;
      url?: string;
      fileId: string;
      name: string;
      mimeType?: string;
    };

/** What `share_send` answers (its structured content). */
export interface ShareSendOutput {
  shared: boolean;
}

/** What the native provider of `share_send` receives (the bridge's mapping). */
export type ShareSendNativeInput =
  | {
      title?: string;
      text: string;
      url?: string;
      file?: {
        name: string;
        mimeType: string;
        data: string;
      };
    }
  | {
      title?: string;
      text?: string;
      url: string;
      file?: {
        name: string;
        mimeType: string;
        data: string;
      };
    }
  | {
      title?: string;
      text?: string;
      url?: string;
      file: {
        name: string;
        mimeType: string;
        data: string;
      };
    };

/** What the native provider of `share_send` answers. */
export interface ShareSendNativeOutput {
  shared: boolean;
}
