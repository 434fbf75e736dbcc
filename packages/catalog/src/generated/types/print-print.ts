// generated from fixtures/capabilities.json by tools/codegen — do not edit
/** The arguments of `print_print` as an app or agent passes them. */
export interface PrintPrintInput {
  /**
   * Length: 1–200 characters.
   */
  fileId: string;
  /**
   * Length: 1–255 characters.
   */
  name?: string;
}

/** What `print_print` answers (its structured content). */
export interface PrintPrintOutput {
  printed: boolean;
}

/** What the native provider of `print_print` receives (the bridge's mapping). */
export interface PrintPrintNativeInput {
  /**
   * Length: 1–255 characters.
   */
  name: string;
  /**
   * One of: `"application/pdf"`, `"image/png"`, `"image/jpeg"`.
   */
  mimeType: "application/pdf" | "image/png" | "image/jpeg";
  /**
   * Format: base64 (standard alphabet, padded).
   */
  data: string;
}

/** What the native provider of `print_print` answers. */
export interface PrintPrintNativeOutput {
  printed: boolean;
}
