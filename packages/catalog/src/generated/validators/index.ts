// generated from fixtures/capabilities.json by tools/codegen — do not edit
/** The generated validators of every tool, by UI name. */

import type { SchemaViolation, ValidationResult } from '../../runtime.js';
import type { NativeToolName, ToolInputs, ToolName } from '../tool-map.js';
import { checkFilesOpenNativeOutput, validateFilesOpenInput } from './files-open.js';
import { checkFilesSaveNativeOutput, validateFilesSaveInput } from './files-save.js';
import { checkFocusWindowNativeOutput, validateFocusWindowInput } from './focus-window.js';
import { checkLaunchAppNativeOutput, validateLaunchAppInput } from './launch-app.js';
import { checkNotificationsCancelNativeOutput, validateNotificationsCancelInput } from './notifications-cancel.js';
import { checkNotificationsPostNativeOutput, validateNotificationsPostInput } from './notifications-post.js';
import { checkPhotosGetNativeOutput, validatePhotosGetInput } from './photos-get.js';
import { checkPhotosListNativeOutput, validatePhotosListInput } from './photos-list.js';
import { checkPhotosPickNativeOutput, validatePhotosPickInput } from './photos-pick.js';
import { validatePrintPdfInput } from './print-pdf.js';
import { checkPrintPrintNativeOutput, validatePrintPrintInput } from './print-print.js';
import { checkShareSendNativeOutput, validateShareSendInput } from './share-send.js';
import { checkWindowsListNativeOutput, validateWindowsListInput } from './windows-list.js';

/**
 * Every tool's argument validator: the spec's first violation as `invalidParams: <pointer> <keyword>`,
 * or the arguments with top-level defaults applied (a copy). The fast, typed twin of `validateArguments`.
 */
export const validators: { readonly [K in ToolName]: (value: unknown) => ValidationResult<ToolInputs[K]> } = Object.freeze({
  files_open: validateFilesOpenInput,
  files_save: validateFilesSaveInput,
  focus_window: validateFocusWindowInput,
  launch_app: validateLaunchAppInput,
  notifications_cancel: validateNotificationsCancelInput,
  notifications_post: validateNotificationsPostInput,
  photos_get: validatePhotosGetInput,
  photos_list: validatePhotosListInput,
  photos_pick: validatePhotosPickInput,
  print_pdf: validatePrintPdfInput,
  print_print: validatePrintPrintInput,
  share_send: validateShareSendInput,
  windows_list: validateWindowsListInput,
});

/** Every native tool's result checker: the first violation of its nativeOutputSchema, or `null`. */
export const nativeOutputCheckers: { readonly [K in NativeToolName]: (value: unknown) => SchemaViolation | null } = Object.freeze({
  files_open: checkFilesOpenNativeOutput,
  files_save: checkFilesSaveNativeOutput,
  focus_window: checkFocusWindowNativeOutput,
  launch_app: checkLaunchAppNativeOutput,
  notifications_cancel: checkNotificationsCancelNativeOutput,
  notifications_post: checkNotificationsPostNativeOutput,
  photos_get: checkPhotosGetNativeOutput,
  photos_list: checkPhotosListNativeOutput,
  photos_pick: checkPhotosPickNativeOutput,
  print_print: checkPrintPrintNativeOutput,
  share_send: checkShareSendNativeOutput,
  windows_list: checkWindowsListNativeOutput,
});
