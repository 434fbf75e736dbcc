// generated from fixtures/capabilities.json by tools/codegen — do not edit
/** The arguments of `print_print` as an app or agent passes them. */
export interface PrintPrintInput {
  fileId: string;
  name?: string;
}

/** What `print_print` answers (its structured content). */
export interface PrintPrintOutput {
  printed: boolean;
}

/** What the native provider of `print_print` receives (the bridge's mapping). */
export interface PrintPrintNativeInput {
  name: string;
  mimeType: "application/pdf" | "image/png" | "image/jpeg";
  data: string;
}

/** What the native provider of `print_print` answers. */
export interface PrintPrintNativeOutput {
  printed: boolean;
}
