// generated from fixtures/capabilities.json by tools/codegen — do not edit
/** The arguments of `focus_window` as an app or agent passes them. */
export interface FocusWindowInput {
  /**
   * Format: token (`A–Z a–z 0–9 . _ -`, 1–64 characters).
   */
  window: string;
}

/** What `focus_window` answers (its structured content). */
export interface FocusWindowOutput {
  focused: boolean;
}

/** What the native provider of `focus_window` receives (the bridge's mapping). */
export interface FocusWindowNativeInput {
  /**
   * Format: token (`A–Z a–z 0–9 . _ -`, 1–64 characters).
   */
  window: string;
}

/** What the native provider of `focus_window` answers. */
export interface FocusWindowNativeOutput {
  focused: boolean;
}
