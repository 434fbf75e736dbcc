// generated from fixtures/capabilities.json by tools/codegen — do not edit
import type { NativeContext, NativeResult } from '../runtime.js';
import type { FilesOpenNativeInput, FilesOpenNativeOutput } from './types/files-open.js';
import type { FilesSaveNativeInput, FilesSaveNativeOutput } from './types/files-save.js';
import type { FocusWindowNativeInput, FocusWindowNativeOutput } from './types/focus-window.js';
import type { LaunchAppNativeInput, LaunchAppNativeOutput } from './types/launch-app.js';
import type { NotificationsCancelNativeInput, NotificationsCancelNativeOutput } from './types/notifications-cancel.js';
import type { NotificationsPostNativeInput, NotificationsPostNativeOutput } from './types/notifications-post.js';
import type { PhotosGetNativeInput, PhotosGetNativeOutput } from './types/photos-get.js';
import type { PhotosListNativeInput, PhotosListNativeOutput } from './types/photos-list.js';
import type { PhotosPickNativeInput, PhotosPickNativeOutput } from './types/photos-pick.js';
import type { PrintPrintNativeInput, PrintPrintNativeOutput } from './types/print-print.js';
import type { ShareSendNativeInput, ShareSendNativeOutput } from './types/share-send.js';
import type { WindowsListNativeInput, WindowsListNativeOutput } from './types/windows-list.js';

/** The native provider of `files` (Files). Served by every platform host that provides it. */
export interface FilesProvider {
  /**
   * Let the person pick files to open. `accept` = MIME types (`image/*`) or extensions (`.csv`). Answers the files, each stored as an app file; an empty list when they cancel.
   *
   * Answer `{ isError: 'unavailable' }` where this host cannot serve it. `context` tells when the host stops waiting (its `signal` aborts then): a native that asks the person stops asking.
   */
  open(input: FilesOpenNativeInput, context?: NativeContext): Promise<NativeResult<FilesOpenNativeOutput>>;
  /**
   * Let the person save an app file (`fileId`) or a text (`text`) where they pick. `saved` = false when they cancel.
   *
   * Answer `{ isError: 'unavailable' }` where this host cannot serve it. `context` tells when the host stops waiting (its `signal` aborts then): a native that asks the person stops asking.
   */
  save(input: FilesSaveNativeInput, context?: NativeContext): Promise<NativeResult<FilesSaveNativeOutput>>;
}

/** The native provider of `focus` (Focus). Served only by the `ede` host; every other host answers `unavailable`. */
export interface FocusProvider {
  /**
   * Bring a window of this desktop to the front (its id from windows_list); a minimized one comes back first, a parked one brings its workspace along. `focused` = false when the window is gone.
   *
   * Answer `{ isError: 'unavailable' }` where this host cannot serve it. `context` tells when the host stops waiting (its `signal` aborts then): a native that asks the person stops asking.
   */
  window(input: FocusWindowNativeInput, context?: NativeContext): Promise<NativeResult<FocusWindowNativeOutput>>;
}

/** The native provider of `launch` (Launch). Served only by the `ede` host; every other host answers `unavailable`. */
export interface LaunchProvider {
  /**
   * Start an installed application by its id (a desktop entry's, `org.gnome.Calculator`, with or without `.desktop`). `launched` = false when nothing is installed under that id.
   *
   * Answer `{ isError: 'unavailable' }` where this host cannot serve it. `context` tells when the host stops waiting (its `signal` aborts then): a native that asks the person stops asking.
   */
  app(input: LaunchAppNativeInput, context?: NativeContext): Promise<NativeResult<LaunchAppNativeOutput>>;
}

/** The native provider of `notifications` (Notifications). Served by every platform host that provides it. */
export interface NotificationsProvider {
  /**
   * Withdraw a notification this app posted or scheduled.
   *
   * Answer `{ isError: 'unavailable' }` where this host cannot serve it. `context` tells when the host stops waiting (its `signal` aborts then): a native that asks the person stops asking.
   */
  cancel(input: NotificationsCancelNativeInput, context?: NativeContext): Promise<NativeResult<NotificationsCancelNativeOutput>>;
  /**
   * Post a notification now, or at `at` (an ISO time). A tap opens `screen` with `params`. Posting an `id` again replaces it.
   *
   * Answer `{ isError: 'unavailable' }` where this host cannot serve it. `context` tells when the host stops waiting (its `signal` aborts then): a native that asks the person stops asking.
   */
  post(input: NotificationsPostNativeInput, context?: NativeContext): Promise<NativeResult<NotificationsPostNativeOutput>>;
}

/** The native provider of `photos` (Photos). Served by every platform host that provides it. */
export interface PhotosProvider {
  /**
   * Read one photo of the library by its id (from list or pick), stored as an app file.
   *
   * Answer `{ isError: 'unavailable' }` where this host cannot serve it. `context` tells when the host stops waiting (its `signal` aborts then): a native that asks the person stops asking.
   */
  get(input: PhotosGetNativeInput, context?: NativeContext): Promise<NativeResult<PhotosGetNativeOutput>>;
  /**
   * The library's photos, newest first, without their bytes. Pass the answered cursor for the next page; null = the end.
   *
   * Answer `{ isError: 'unavailable' }` where this host cannot serve it. `context` tells when the host stops waiting (its `signal` aborts then): a native that asks the person stops asking.
   */
  list(input: PhotosListNativeInput, context?: NativeContext): Promise<NativeResult<PhotosListNativeOutput>>;
  /**
   * Let the person pick photos in the platform's photo picker. Answers the picked photos, each stored as an app file; an empty list when they cancel.
   *
   * Answer `{ isError: 'unavailable' }` where this host cannot serve it. `context` tells when the host stops waiting (its `signal` aborts then): a native that asks the person stops asking.
   */
  pick(input: PhotosPickNativeInput, context?: NativeContext): Promise<NativeResult<PhotosPickNativeOutput>>;
}

/** The native provider of `print` (Print). Served by every platform host that provides it. */
export interface PrintProvider {
  /**
   * Open the platform's print dialog for an app file (a PDF, PNG or JPEG). `printed` = false when they cancel.
   *
   * Answer `{ isError: 'unavailable' }` where this host cannot serve it. `context` tells when the host stops waiting (its `signal` aborts then): a native that asks the person stops asking.
   */
  print(input: PrintPrintNativeInput, context?: NativeContext): Promise<NativeResult<PrintPrintNativeOutput>>;
}

/** The native provider of `share` (Share). Served by every platform host that provides it. */
export interface ShareProvider {
  /**
   * Open the platform's share sheet with a text, a link and/or an app file. `shared` = false when they dismiss it (true where the platform cannot tell).
   *
   * Answer `{ isError: 'unavailable' }` where this host cannot serve it. `context` tells when the host stops waiting (its `signal` aborts then): a native that asks the person stops asking.
   */
  send(input: ShareSendNativeInput, context?: NativeContext): Promise<NativeResult<ShareSendNativeOutput>>;
}

/** The native provider of `windows` (Windows). Served only by the `ede` host; every other host answers `unavailable`. */
export interface WindowsProvider {
  /**
   * The open windows of this desktop, protected ones left out: each window's id, title, app (its desktop entry id), workspace, whether it is focused and whether it is minimized.
   *
   * Answer `{ isError: 'unavailable' }` where this host cannot serve it. `context` tells when the host stops waiting (its `signal` aborts then): a native that asks the person stops asking.
   */
  list(input: WindowsListNativeInput, context?: NativeContext): Promise<NativeResult<WindowsListNativeOutput>>;
}

/**
 * The native providers a platform host implements, one per capability it provides.
 * Capabilities with no native v1 tool (camera, clipboard, http, location, shell) have no provider: their tools answer `unavailable`.
 */
export interface HostProviders {
  /** Files: provide it to offer its tools. */
  readonly files?: FilesProvider;
  /** Notifications: provide it to offer its tools. */
  readonly notifications?: NotificationsProvider;
  /** Photos: provide it to offer its tools. */
  readonly photos?: PhotosProvider;
  /** Print: provide it to offer its tools. */
  readonly print?: PrintProvider;
  /** Share: provide it to offer its tools. */
  readonly share?: ShareProvider;
}

/** The providers of the `ede` host: every platform capability plus those only `ede` serves. */
export interface EdeHostProviders extends HostProviders {
  /** Focus: provide it to offer its tools. */
  readonly focus?: FocusProvider;
  /** Launch: provide it to offer its tools. */
  readonly launch?: LaunchProvider;
  /** Windows: provide it to offer its tools. */
  readonly windows?: WindowsProvider;
}

/** Capabilities that only one host serves → that host. */
export const capabilityHosts: { readonly [capability: string]: string } = {
  focus: "ede",
  launch: "ede",
  windows: "ede",
};
