// generated from fixtures/capabilities.json by tools/codegen — do not edit
/** Every capability name of the catalog. */
export const capabilityNames = [
  "camera",
  "clipboard",
  "files",
  "focus",
  "http",
  "launch",
  "location",
  "notifications",
  "photos",
  "print",
  "share",
  "shell",
  "windows",
] as const;
/** A capability name. */
export type CapabilityName = (typeof capabilityNames)[number];

/** Every scope id of the catalog. */
export const scopeIds = [
  "camera.capture",
  "clipboard.read",
  "clipboard.write",
  "files.read",
  "files.write",
  "focus.window",
  "http.fetch",
  "launch.app",
  "location.read",
  "notifications.post",
  "photos.read",
  "print.pdf",
  "share.send",
  "shell.edit",
  "windows.read",
] as const;
/** A scope id (`<capability>.<scope>`). */
export type ScopeId = (typeof scopeIds)[number];

/** Every tool a scope lists, in the UI spelling, with or without a v1 contract. */
export const scopeToolNames = [
  "camera_capture",
  "clipboard_read",
  "clipboard_write",
  "files_open",
  "files_save",
  "focus_window",
  "http_fetch",
  "launch_app",
  "location_current",
  "notifications_cancel",
  "notifications_post",
  "photos_get",
  "photos_list",
  "photos_pick",
  "print_pdf",
  "print_print",
  "share_send",
  "shell_edit",
  "windows_list",
] as const;
/** A tool a scope lists (UI spelling). */
export type ScopeToolName = (typeof scopeToolNames)[number];

/** Every tool with a v1 contract, in the UI spelling (`photos_pick`). */
export const toolNames = [
  "files_open",
  "files_save",
  "focus_window",
  "launch_app",
  "notifications_cancel",
  "notifications_post",
  "photos_get",
  "photos_list",
  "photos_pick",
  "print_pdf",
  "print_print",
  "share_send",
  "windows_list",
] as const;
/** A tool with a v1 contract (UI spelling). */
export type ToolName = (typeof toolNames)[number];

/** Every tool with a v1 contract, in the agent spelling (`photos__pick`). */
export const qualifiedToolNames = [
  "files__open",
  "files__save",
  "focus__window",
  "launch__app",
  "notifications__cancel",
  "notifications__post",
  "photos__get",
  "photos__list",
  "photos__pick",
  "print__pdf",
  "print__print",
  "share__send",
  "windows__list",
] as const;
/** A tool with a v1 contract (agent spelling). */
export type QualifiedToolName = (typeof qualifiedToolNames)[number];

/** The tools a host's native provider answers. */
export const nativeToolNames = [
  "files_open",
  "files_save",
  "focus_window",
  "launch_app",
  "notifications_cancel",
  "notifications_post",
  "photos_get",
  "photos_list",
  "photos_pick",
  "print_print",
  "share_send",
  "windows_list",
] as const;
/** A tool a native provider answers. */
export type NativeToolName = (typeof nativeToolNames)[number];

/** The tools the engine answers itself. */
export const engineToolNames = [
  "print_pdf",
] as const;
/** A tool the engine answers itself. */
export type EngineToolName = (typeof engineToolNames)[number];

/** UI spelling → agent spelling. */
export const qualifiedNameOf: { readonly [K in ToolName]: QualifiedToolName } = {
  files_open: "files__open",
  files_save: "files__save",
  focus_window: "focus__window",
  launch_app: "launch__app",
  notifications_cancel: "notifications__cancel",
  notifications_post: "notifications__post",
  photos_get: "photos__get",
  photos_list: "photos__list",
  photos_pick: "photos__pick",
  print_pdf: "print__pdf",
  print_print: "print__print",
  share_send: "share__send",
  windows_list: "windows__list",
};
