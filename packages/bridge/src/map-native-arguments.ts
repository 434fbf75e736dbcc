import type { AppContext, Catalog, JsonObject, JsonValue } from '@xcap/catalog';
import { encodeBase64 } from './base64.js';
import type { BlobStore } from './blob-store.js';
import { mimeTypeFor } from './mime-type-for.js';
import { readBlob } from './read-blob.js';
import { sniffMimeType } from './sniff-mime-type.js';

/** What `mapNativeArguments` needs besides the validated arguments. */
export interface MappingInput {
  readonly catalog: Catalog;
  /** The UI name of the tool (`files_save`). */
  readonly tool: string;
  /** The arguments as `validateArguments` answered them (defaults applied). */
  readonly arguments: JsonObject;
  readonly context: AppContext;
  readonly blobs: BlobStore;
  /** 32 lowercase hex digits, for a generated notification id. */
  readonly randomHex: () => string;
}

/**
 * The native arguments of a call, plus the structured content the app gets
 * instead of the native's (`{id}` for notifications_post); or the isError
 * reason and outcome that stop the call before the native runs.
 */
export type NativeMapping =
  | { readonly ok: true; readonly nativeArguments: JsonObject; readonly answer?: JsonObject }
  | { readonly ok: false; readonly reason: string; readonly outcome: 'isError' | 'invalidParams' };

const printable: Readonly<Record<string, string>> = { 'application/pdf': 'pdf', 'image/png': 'png', 'image/jpeg': 'jpg' };

/**
 * Maps validated arguments to what the native receives (the spec's MAP
 * step): files_save, share_send, print_print and notifications_post/cancel
 * have their own rules; every other tool (photos.*, files_open, eDE's
 * tools, any tool of another catalog) gets the validated arguments as
 * they are. A `fileId` is read from the app's own files.
 */
export async function mapNativeArguments(input: MappingInput): Promise<NativeMapping> {
  switch (input.tool) {
    case 'files_save':
      return mapFilesSave(input);
    case 'share_send':
      return mapShareSend(input);
    case 'print_print':
      return mapPrintPrint(input);
    case 'notifications_post':
      return mapNotificationsPost(input);
    case 'notifications_cancel':
      return { ok: true, nativeArguments: { id: `${input.context.app}/${requiredString(input.arguments, 'id')}` } };
    default:
      return { ok: true, nativeArguments: input.arguments };
  }
}

async function mapFilesSave(input: MappingInput): Promise<NativeMapping> {
  const fileId = stringOrUndefined(input.arguments['fileId']);
  if (fileId === undefined) {
    const bytes = new TextEncoder().encode(stringOrUndefined(input.arguments['text']) ?? '');
    return { ok: true, nativeArguments: nativeFile(input, bytes, true) };
  }
  const read = await readBlob(input.blobs, input.context.app, fileId);
  if (!read.ok) return { ok: false, reason: read.reason, outcome: 'isError' };
  return { ok: true, nativeArguments: nativeFile(input, read.blob.bytes, false) };
}

async function mapShareSend(input: MappingInput): Promise<NativeMapping> {
  const args = input.arguments;
  const nativeArguments: { [key: string]: JsonValue } = {};
  for (const key of ['title', 'text', 'url'] as const) {
    const value = args[key];
    if (value !== undefined) nativeArguments[key] = value;
  }
  const fileId = stringOrUndefined(args['fileId']);
  if (fileId !== undefined) {
    const read = await readBlob(input.blobs, input.context.app, fileId);
    if (!read.ok) return { ok: false, reason: read.reason, outcome: 'isError' };
    nativeArguments['file'] = nativeFile(input, read.blob.bytes, false);
  }
  return { ok: true, nativeArguments };
}

/** The spec's `{name, mimeType, data}` of a file handed to a native, from the call's `name` and `mimeType`. */
function nativeFile(input: MappingInput, bytes: Uint8Array, isText: boolean): JsonObject {
  const name = stringOrUndefined(input.arguments['name']);
  const mimeType = mimeTypeFor(input.catalog, { given: stringOrUndefined(input.arguments['mimeType']), name, bytes, isText });
  return { name: name ?? '', mimeType, data: encodeBase64(bytes) };
}

async function mapPrintPrint(input: MappingInput): Promise<NativeMapping> {
  const fileId = requiredString(input.arguments, 'fileId');
  const read = await readBlob(input.blobs, input.context.app, fileId);
  if (!read.ok) return { ok: false, reason: read.reason, outcome: 'isError' };
  const sniffed = sniffMimeType(read.blob.bytes);
  const extension = sniffed === null ? undefined : printable[sniffed];
  if (sniffed === null || extension === undefined) return { ok: false, reason: 'unsupportedFile', outcome: 'isError' };
  const name = stringOrUndefined(input.arguments['name']) ?? `document.${extension}`;
  return { ok: true, nativeArguments: { name, mimeType: sniffed, data: encodeBase64(read.blob.bytes) } };
}

function mapNotificationsPost(input: MappingInput): NativeMapping {
  const args = input.arguments;
  const { app, screens } = input.context;
  const screen = stringOrUndefined(args['screen']);
  if (screen !== undefined && !screens.includes(screen)) {
    return { ok: false, reason: 'invalidParams: /screen enum', outcome: 'invalidParams' };
  }
  const id = stringOrUndefined(args['id']) ?? `n-${input.randomHex()}`;
  const params = args['params'];
  const tap: JsonValue = screen === undefined ? null : { type: 'notificationTap', app, screen, params: params === undefined ? {} : params };
  return {
    ok: true,
    nativeArguments: {
      id: `${app}/${id}`,
      title: args['title'] ?? null,
      body: args['body'] ?? null,
      at: args['at'] ?? null,
      tap,
    },
    answer: { id },
  };
}

/** A string argument the tool's input schema requires (validation ran before the mapping, so anything else is a bug). */
function requiredString(args: JsonObject, key: string): string {
  const value = args[key];
  if (typeof value !== 'string') throw new TypeError(`the validated arguments have no string ${key}`);
  return value;
}

function stringOrUndefined(value: JsonValue | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
