// generated from fixtures/capabilities.json by tools/codegen — do not edit
/** The arguments of `windows_list` as an app or agent passes them. */
export interface WindowsListInput {}

/** What `windows_list` answers (its structured content). */
export interface WindowsListOutput {
  /**
   * Maximum items: 500.
   */
  windows: {
    id: string;
    title: string;
    app: string;
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
   * Maximum items: 500.
   */
  windows: {
    id: string;
    title: string;
    app: string;
    workspace: number;
    focused: boolean;
    minimized: boolean;
  }[];
}
