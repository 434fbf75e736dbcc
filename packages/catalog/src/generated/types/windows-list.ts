// generated from fixtures/capabilities.json by tools/codegen — do not edit
/** The arguments of `windows_list` as an app or agent passes them. */
export interface WindowsListInput {}

/** What `windows_list` answers (its structured content). */
export interface WindowsListOutput {
  /**
   * Items: at most 500.
   */
  windows: {
    /**
     * Format: token (`A–Z a–z 0–9 . _ -`, 1–64 characters).
     */
    id: string;
    /**
     * Length: at most 500 characters.
     */
    title: string;
    /**
     * Length: at most 200 characters.
     */
    app: string;
    /**
     * An integer. Range: at least 0.
     */
    workspace: number;
    focused: boolean;
    minimized: boolean;
  }[];
}

/** What the native provider of `windows_list` receives (the bridge's mapping). */
export interface WindowsListNativeInput {}

/** What the native provider of `windows_list` answers. */
export interface WindowsListNativeOutput {
  /**
   * Items: at most 500.
   */
  windows: {
    /**
     * Format: token (`A–Z a–z 0–9 . _ -`, 1–64 characters).
     */
    id: string;
    /**
     * Length: at most 500 characters.
     */
    title: string;
    /**
     * Length: at most 200 characters.
     */
    app: string;
    /**
     * An integer. Range: at least 0.
     */
    workspace: number;
    focused: boolean;
    minimized: boolean;
  }[];
}
