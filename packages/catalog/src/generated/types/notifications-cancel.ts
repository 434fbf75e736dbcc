// generated from fixtures/capabilities.json by tools/codegen — do not edit
/** The arguments of `notifications_cancel` as an app or agent passes them. */
export interface NotificationsCancelInput {
  /**
   * Format: token (`A–Z a–z 0–9 . _ -`, 1–64 characters).
   */
  id: string;
}

/** What `notifications_cancel` answers (its structured content). */
export interface NotificationsCancelOutput {
  cancelled: boolean;
}

/** What the native provider of `notifications_cancel` receives (the bridge's mapping). */
export interface NotificationsCancelNativeInput {
  /**
   * Length: 3–330 characters.
   */
  id: string;
}

/** What the native provider of `notifications_cancel` answers. */
export interface NotificationsCancelNativeOutput {
  cancelled: boolean;
}
