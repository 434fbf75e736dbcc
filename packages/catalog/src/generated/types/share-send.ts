// generated from fixtures/capabilities.json by tools/codegen — do not edit
/** The arguments of `share_send` as an app or agent passes them. */
export type ShareSendInput =
  | {
      /**
       * Length: 1–200 characters.
       */
      title?: string;
      /**
       * Length: 1–10000 characters.
       */
      text: string;
      /**
       * Format: uri (an absolute http or https URL).
       */
      url?: string;
      /**
       * Length: 1–200 characters.
       */
      fileId?: string;
      /**
       * Length: 1–255 characters.
       */
      name?: string;
      /**
       * Length: 1–100 characters.
       */
      mimeType?: string;
    }
  | {
      /**
       * Length: 1–200 characters.
       */
      title?: string;
      /**
       * Length: 1–10000 characters.
       */
      text?: string;
      /**
       * Format: uri (an absolute http or https URL).
       */
      url: string;
      /**
       * Length: 1–200 characters.
       */
      fileId?: string;
      /**
       * Length: 1–255 characters.
       */
      name?: string;
      /**
       * Length: 1–100 characters.
       */
      mimeType?: string;
    }
  | {
      /**
       * Length: 1–200 characters.
       */
      title?: string;
      /**
       * Length: 1–10000 characters.
       */
      text?: string;
      /**
       * Format: uri (an absolute http or https URL).
       */
      url?: string;
      /**
       * Length: 1–200 characters.
       */
      fileId: string;
      /**
       * Length: 1–255 characters.
       */
      name: string;
      /**
       * Length: 1–100 characters.
       */
      mimeType?: string;
    };

/** What `share_send` answers (its structured content). */
export interface ShareSendOutput {
  shared: boolean;
}

/** What the native provider of `share_send` receives (the bridge's mapping). */
export type ShareSendNativeInput =
  | {
      /**
       * Length: 1–200 characters.
       */
      title?: string;
      /**
       * Length: 1–10000 characters.
       */
      text: string;
      /**
       * Format: uri (an absolute http or https URL).
       */
      url?: string;
      file?: {
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
      };
    }
  | {
      /**
       * Length: 1–200 characters.
       */
      title?: string;
      /**
       * Length: 1–10000 characters.
       */
      text?: string;
      /**
       * Format: uri (an absolute http or https URL).
       */
      url: string;
      file?: {
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
      };
    }
  | {
      /**
       * Length: 1–200 characters.
       */
      title?: string;
      /**
       * Length: 1–10000 characters.
       */
      text?: string;
      /**
       * Format: uri (an absolute http or https URL).
       */
      url?: string;
      file: {
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
      };
    };

/** What the native provider of `share_send` answers. */
export interface ShareSendNativeOutput {
  shared: boolean;
}
