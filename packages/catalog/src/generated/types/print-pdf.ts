// generated from fixtures/capabilities.json by tools/codegen — do not edit
/** The arguments of `print_pdf` as an app or agent passes them. */
export interface PrintPdfInput {
  /**
   * Length: 1–200 characters.
   */
  title: string;
  /**
   * Length: 1–255 characters.
   */
  name?: string;
  /**
   * Items: 1–2000.
   */
  blocks: (
    | {
        /**
         * Length: 1–500 characters.
         */
        heading: string;
        text?: never;
        image?: never;
        pageBreak?: never;
        caption?: never;
      }
    | {
        /**
         * Length: 0–20000 characters.
         */
        text: string;
        heading?: never;
        image?: never;
        pageBreak?: never;
        caption?: never;
      }
    | {
        /**
         * Length: 1–200 characters.
         */
        image: string;
        /**
         * Length: 1–500 characters.
         */
        caption?: string;
        heading?: never;
        text?: never;
        pageBreak?: never;
      }
    | {
        /**
         * One of: `true`.
         */
        pageBreak: true;
        heading?: never;
        text?: never;
        image?: never;
        caption?: never;
      }
  )[];
}

/** What `print_pdf` answers (its structured content). */
export interface PrintPdfOutput {
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
     * An integer. Range: at least 0.
     */
    size: number;
    /**
     * Length: 1–200 characters.
     */
    fileId: string;
  };
  /**
   * An integer. Range: at least 1.
   */
  pages: number;
}
