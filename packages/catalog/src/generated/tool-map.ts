// generated from fixtures/capabilities.json by tools/codegen — do not edit
import type { FilesOpenInput, FilesOpenOutput, FilesOpenNativeInput, FilesOpenNativeOutput } from './types/files-open.js';
import type { FilesSaveInput, FilesSaveOutput, FilesSaveNativeInput, FilesSaveNativeOutput } from './types/files-save.js';
import type { FocusWindowInput, FocusWindowOutput, FocusWindowNativeInput, FocusWindowNativeOutput } from './types/focus-window.js';
import type { LaunchAppInput, LaunchAppOutput, LaunchAppNativeInput, LaunchAppNativeOutput } from './types/launch-app.js';
import type { NotificationsCancelInput, NotificationsCancelOutput, NotificationsCancelNativeInput, NotificationsCancelNativeOutput } from './types/notifications-cancel.js';
import type { NotificationsPostInput, NotificationsPostOutput, NotificationsPostNativeInput, NotificationsPostNativeOutput } from './types/notifications-post.js';
import type { PhotosGetInput, PhotosGetOutput, PhotosGetNativeInput, PhotosGetNativeOutput } from './types/photos-get.js';
import type { PhotosListInput, PhotosListOutput, PhotosListNativeInput, PhotosListNativeOutput } from './types/photos-list.js';
import type { PhotosPickInput, PhotosPickOutput, PhotosPickNativeInput, PhotosPickNativeOutput } from './types/photos-pick.js';
import type { PrintPdfInput, PrintPdfOutput } from './types/print-pdf.js';
import type { PrintPrintInput, PrintPrintOutput, PrintPrintNativeInput, PrintPrintNativeOutput } from './types/print-print.js';
import type { ShareSendInput, ShareSendOutput, ShareSendNativeInput, ShareSendNativeOutput } from './types/share-send.js';
import type { WindowsListInput, WindowsListOutput, WindowsListNativeInput, WindowsListNativeOutput } from './types/windows-list.js';
import type { NativeToolName, ToolName } from './names.js';

export type { NativeToolName, ToolName };

/** Every tool → the arguments it takes. */
export interface ToolInputs {
  readonly files_open: FilesOpenInput;
  readonly files_save: FilesSaveInput;
  readonly focus_window: FocusWindowInput;
  readonly launch_app: LaunchAppInput;
  readonly notifications_cancel: NotificationsCancelInput;
  readonly notifications_post: NotificationsPostInput;
  readonly photos_get: PhotosGetInput;
  readonly photos_list: PhotosListInput;
  readonly photos_pick: PhotosPickInput;
  readonly print_pdf: PrintPdfInput;
  readonly print_print: PrintPrintInput;
  readonly share_send: ShareSendInput;
  readonly windows_list: WindowsListInput;
}

/** Every tool → what it answers. */
export interface ToolOutputs {
  readonly files_open: FilesOpenOutput;
  readonly files_save: FilesSaveOutput;
  readonly focus_window: FocusWindowOutput;
  readonly launch_app: LaunchAppOutput;
  readonly notifications_cancel: NotificationsCancelOutput;
  readonly notifications_post: NotificationsPostOutput;
  readonly photos_get: PhotosGetOutput;
  readonly photos_list: PhotosListOutput;
  readonly photos_pick: PhotosPickOutput;
  readonly print_pdf: PrintPdfOutput;
  readonly print_print: PrintPrintOutput;
  readonly share_send: ShareSendOutput;
  readonly windows_list: WindowsListOutput;
}

/** Every native tool → what its provider receives. */
export interface ToolNativeInputs {
  readonly files_open: FilesOpenNativeInput;
  readonly files_save: FilesSaveNativeInput;
  readonly focus_window: FocusWindowNativeInput;
  readonly launch_app: LaunchAppNativeInput;
  readonly notifications_cancel: NotificationsCancelNativeInput;
  readonly notifications_post: NotificationsPostNativeInput;
  readonly photos_get: PhotosGetNativeInput;
  readonly photos_list: PhotosListNativeInput;
  readonly photos_pick: PhotosPickNativeInput;
  readonly print_print: PrintPrintNativeInput;
  readonly share_send: ShareSendNativeInput;
  readonly windows_list: WindowsListNativeInput;
}

/** Every native tool → what its provider answers. */
export interface ToolNativeOutputs {
  readonly files_open: FilesOpenNativeOutput;
  readonly files_save: FilesSaveNativeOutput;
  readonly focus_window: FocusWindowNativeOutput;
  readonly launch_app: LaunchAppNativeOutput;
  readonly notifications_cancel: NotificationsCancelNativeOutput;
  readonly notifications_post: NotificationsPostNativeOutput;
  readonly photos_get: PhotosGetNativeOutput;
  readonly photos_list: PhotosListNativeOutput;
  readonly photos_pick: PhotosPickNativeOutput;
  readonly print_print: PrintPrintNativeOutput;
  readonly share_send: ShareSendNativeOutput;
  readonly windows_list: WindowsListNativeOutput;
}

/** The arguments of tool `K`. */
export type ToolInput<K extends ToolName> = ToolInputs[K];
/** The answer of tool `K`. */
export type ToolOutput<K extends ToolName> = ToolOutputs[K];
/** What the native provider of tool `K` receives. */
export type ToolNativeInput<K extends NativeToolName> = ToolNativeInputs[K];
/** What the native provider of tool `K` answers. */
export type ToolNativeOutput<K extends NativeToolName> = ToolNativeOutputs[K];
