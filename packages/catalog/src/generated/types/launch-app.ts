// generated from fixtures/capabilities.json by tools/codegen — do not edit
/** The arguments of `launch_app` as an app or agent passes them. */
export interface LaunchAppInput {
  /**
   * Length: 1–200 characters.
   */
  app: string;
}

/** What `launch_app` answers (its structured content). */
export interface LaunchAppOutput {
  launched: boolean;
}

/** What the native provider of `launch_app` receives (the bridge's mapping). */
export interface LaunchAppNativeInput {
  /**
   * Length: 1–200 characters.
   */
  app: string;
}

/** What the native provider of `launch_app` answers. */
export interface LaunchAppNativeOutput {
  launched: boolean;
}
