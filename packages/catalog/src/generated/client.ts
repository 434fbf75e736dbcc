// generated from fixtures/capabilities.json by tools/codegen — do not edit
import { callTool } from '../runtime.js';
import type { ToolInvoke } from '../runtime.js';
import type { ToolInputs, ToolOutputs } from './tool-map.js';

/** A typed client for every tool of the catalog: `client.photos.pick({ limit: 2 })`. */
export interface ToolClient {
  /** The `files` tools. */
  readonly files: {
    /** Let the person pick files to open. `accept` = MIME types (`image/*`) or extensions (`.csv`). Answers the files, each stored as an app file; an empty list when they cancel. */
    open(args?: ToolInputs["files_open"]): Promise<ToolOutputs["files_open"]>;
    /** Let the person save an app file (`fileId`) or a text (`text`) where they pick. `saved` = false when they cancel. */
    save(args: ToolInputs["files_save"]): Promise<ToolOutputs["files_save"]>;
  };
  /** The `focus` tools. */
  readonly focus: {
    /** Bring a window of this desktop to the front (its id from windows_list); a minimized one comes back first, a parked one brings its workspace along. `focused` = false when the window is gone. */
    window(args: ToolInputs["focus_window"]): Promise<ToolOutputs["focus_window"]>;
  };
  /** The `launch` tools. */
  readonly launch: {
    /** Start an installed application by its id (a desktop entry's, `org.gnome.Calculator`, with or without `.desktop`). `launched` = false when nothing is installed under that id. */
    app(args: ToolInputs["launch_app"]): Promise<ToolOutputs["launch_app"]>;
  };
  /** The `notifications` tools. */
  readonly notifications: {
    /** Withdraw a notification this app posted or scheduled. */
    cancel(args: ToolInputs["notifications_cancel"]): Promise<ToolOutputs["notifications_cancel"]>;
    /** Post a notification now, or at `at` (an ISO time). A tap opens `screen` with `params`. Posting an `id` again replaces it. */
    post(args: ToolInputs["notifications_post"]): Promise<ToolOutputs["notifications_post"]>;
  };
  /** The `photos` tools. */
  readonly photos: {
    /** Read one photo of the library by its id (from list or pick), stored as an app file. */
    get(args: ToolInputs["photos_get"]): Promise<ToolOutputs["photos_get"]>;
    /** The library's photos, newest first, without their bytes. Pass the answered cursor for the next page; null = the end. */
    list(args?: ToolInputs["photos_list"]): Promise<ToolOutputs["photos_list"]>;
    /** Let the person pick photos in the platform's photo picker. Answers the picked photos, each stored as an app file; an empty list when they cancel. */
    pick(args?: ToolInputs["photos_pick"]): Promise<ToolOutputs["photos_pick"]>;
  };
  /** The `print` tools. */
  readonly print: {
    /** Lay out a document (headings, text, app images, page breaks) as an A4 PDF, stored as an app file. No dialog: save, share or print the file next. */
    pdf(args: ToolInputs["print_pdf"]): Promise<ToolOutputs["print_pdf"]>;
    /** Open the platform's print dialog for an app file (a PDF, PNG or JPEG). `printed` = false when they cancel. */
    print(args: ToolInputs["print_print"]): Promise<ToolOutputs["print_print"]>;
  };
  /** The `share` tools. */
  readonly share: {
    /** Open the platform's share sheet with a text, a link and/or an app file. `shared` = false when they dismiss it (true where the platform cannot tell). */
    send(args: ToolInputs["share_send"]): Promise<ToolOutputs["share_send"]>;
  };
  /** The `windows` tools. */
  readonly windows: {
    /** The open windows of this desktop, protected ones left out: each window's id, title, app (its desktop entry id), workspace, whether it is focused and whether it is minimized. */
    list(args?: ToolInputs["windows_list"]): Promise<ToolOutputs["windows_list"]>;
  };
}

/**
 * Creates a typed tool client over `invoke`, the transport the caller brings (an app's function call, an MCP client).
 * Each method resolves to the tool's structured content; a refusal or `isError` answer rejects with a `ToolCallError` carrying the reason.
 */
export function createToolClient(invoke: ToolInvoke): ToolClient {
  return {
    files: {
      open: (args) => callTool(invoke, "files_open", "files__open", args) as Promise<ToolOutputs["files_open"]>,
      save: (args) => callTool(invoke, "files_save", "files__save", args) as Promise<ToolOutputs["files_save"]>,
    },
    focus: {
      window: (args) => callTool(invoke, "focus_window", "focus__window", args) as Promise<ToolOutputs["focus_window"]>,
    },
    launch: {
      app: (args) => callTool(invoke, "launch_app", "launch__app", args) as Promise<ToolOutputs["launch_app"]>,
    },
    notifications: {
      cancel: (args) => callTool(invoke, "notifications_cancel", "notifications__cancel", args) as Promise<ToolOutputs["notifications_cancel"]>,
      post: (args) => callTool(invoke, "notifications_post", "notifications__post", args) as Promise<ToolOutputs["notifications_post"]>,
    },
    photos: {
      get: (args) => callTool(invoke, "photos_get", "photos__get", args) as Promise<ToolOutputs["photos_get"]>,
      list: (args) => callTool(invoke, "photos_list", "photos__list", args) as Promise<ToolOutputs["photos_list"]>,
      pick: (args) => callTool(invoke, "photos_pick", "photos__pick", args) as Promise<ToolOutputs["photos_pick"]>,
    },
    print: {
      pdf: (args) => callTool(invoke, "print_pdf", "print__pdf", args) as Promise<ToolOutputs["print_pdf"]>,
      print: (args) => callTool(invoke, "print_print", "print__print", args) as Promise<ToolOutputs["print_print"]>,
    },
    share: {
      send: (args) => callTool(invoke, "share_send", "share__send", args) as Promise<ToolOutputs["share_send"]>,
    },
    windows: {
      list: (args) => callTool(invoke, "windows_list", "windows__list", args) as Promise<ToolOutputs["windows_list"]>,
    },
  };
}
