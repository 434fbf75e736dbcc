// generated from fixtures/capabilities.json by tools/codegen — do not edit
/** The arguments of `notifications_post` as an app or agent passes them. */
export interface NotificationsPostInput {
  id?: string;
  title: string;
  body?: string;
  at?: string;
  screen?: string;
  params?: {
    [k: string]: unknown | undefined;
  };
}

/** What `notifications_post` answers (its structured content). */
export interface NotificationsPostOutput {
  id: string;
}

/** What the native provider of `notifications_post` receives (the bridge's mapping). */
export interface NotificationsPostNativeInput {
  id: string;
  title: string;
  body: string | null;
  at: string | null;
  tap: {
    type: "notificationTap";
    app: string;
    screen: string;
    params: {
      [k: string]: unknown | undefined;
    };
  } | null;
}

/** What the native provider of `notifications_post` answers. */
export interface NotificationsPostNativeOutput {}
