// generated from fixtures/capabilities.json by tools/codegen — do not edit
/** The arguments of `print_pdf` as an app or agent passes them. */
export interface PrintPdfInput {
  title: string;
  name?: string;
  /**
   * Minimum items: 1.
   * Maximum items: 2000.
   */
  blocks: (
    | {
        heading: string;
        text?: never;
        image?: never;
        pageBreak?: never;
        caption?: never;
      }
    | {
        text: string;
        heading?: never;
        image?: never;
        pageBreak?: never;
        caption?: never;
      }
    | {
        image: string;
        caption?: string;
        heading?: never;
        text?: never;
        pageBreak?: never;
      }
    | {
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
    name: string;
    mimeType: string;
    size: number;
    fileId: string;
  };
  pages: number;
}
