// generated from fixtures/capabilities.json by tools/codegen — do not edit
/** The arguments of `notifications_post` as an app or agent passes them. */
export interface NotificationsPostInput {
  /**
   * Format: token (`A–Z a–z 0–9 . _ -`, 1–64 characters).
   */
  id?: string;
  /**
   * Length: 1–200 characters.
   */
  title: string;
  /**
   * Length: 0–1000 characters.
   */
  body?: string;
  /**
   * Format: date-time (RFC 3339, e.g. `2026-01-31T09:30:00Z`).
   */
  at?: string;
  /**
   * Length: 1–100 characters.
   */
  screen?: string;
  params?: {
    [k: string]: unknown | undefined;
  };
}

/** What `notifications_post` answers (its structured content). */
export interface NotificationsPostOutput {
  /**
   * Format: token (`A–Z a–z 0–9 . _ -`, 1–64 characters).
   */
  id: string;
}

/** What the native provider of `notifications_post` receives (the bridge's mapping). */
export interface NotificationsPostNativeInput {
  /**
   * Length: 3–330 characters.
   */
  id: string;
  /**
   * Length: 1–200 characters.
   */
  title: string;
  /**
   * Length: at most 1000 characters.
   */
  body: string | null;
  /**
   * Format: date-time (RFC 3339, e.g. `2026-01-31T09:30:00Z`).
   */
  at: string | null;
  tap: {
    /**
     * One of: `"notificationTap"`.
     */
    type: "notificationTap";
    /**
     * Length: at least 1 character.
     */
    app: string;
    /**
     * Length: 1–100 characters.
     */
    screen: string;
    params: {
      [k: string]: unknown | undefined;
    };
  } | null;
}

/** What the native provider of `notifications_post` answers. */
export interface NotificationsPostNativeOutput {}
