import { realpath } from 'node:fs/promises';
import { basename, isAbsolute, resolve } from 'node:path';
import { catalog, type FilesOpenNativeOutput, type FilesProvider, type FilesSaveNativeOutput, type NativeContext, type NativeResult } from '@xcap/catalog';
import { mimeTypeFor } from '@xcap/bridge';
import { displayFileName } from './display-file-name.js';
import { folderFiles, type FolderFile } from './folder-files.js';
import { neverThrows } from './never-throws.js';
import { noDeadline } from './no-deadline.js';
import { errorText, FileRefusal, readUntrustedFile } from '@xcap/wire/node';
import { freeNameCandidates, saveFileName } from './save-file-name.js';
import { writeFileAtomic } from '@xcap/store-local';
import { writeNewFile } from './write-new-file.js';

/** What a files_open picker is asked for. */
export interface OpenRequest {
  /** MIME types (`image/*`) or extensions (`.csv`); empty = any file (see `acceptsFile`). */
  readonly accept: readonly string[];
  /** Whether more than one file may be chosen. */
  readonly multiple: boolean;
}

/**
 * A file an open dialog listed, as it was looked at when listed (`folderFiles`
 * records it): the provider opens its path once, without following a link,
 * and reads it only if the handle is a regular file of the same device and
 * inode — a file swapped after the listing answers an error, never other bytes.
 */
export interface ListedFile {
  /** Its absolute path. */
  readonly path: string;
  /** Its device when it was listed. */
  readonly dev: number;
  /** Its inode when it was listed. */
  readonly ino: number;
}

/**
 * The person's choice in an open dialog: the chosen files, each an absolute
 * path (resolved with `realpath`, then opened without following a link) or
 * a `ListedFile` (checked against what was listed); an empty list when they cancel. `context` is the call's `NativeContext`
 * (the provider always passes it; optional so that a hook can be called on
 * its own): when its signal aborts the dialog closes; an answer after that
 * counts as a cancel (no file is read).
 */
export type OpenPicker = (request: OpenRequest, context?: NativeContext) => readonly (string | ListedFile)[] | Promise<readonly (string | ListedFile)[]>;

/** What a files_save picker is asked for. */
export interface SaveRequest {
  /** The name the app suggests. */
  readonly name: string;
  /** The bytes' MIME type (as the bridge decided it). */
  readonly mimeType: string;
  /** The size of the bytes to save. */
  readonly size: number;
}

/**
 * A save dialog's answer that names the file but not the place: the bytes go
 * into the files folder under `saveFileName(folderName)`, or the first free
 * `name (2).ext`, … — never over another file, never outside the folder
 * (isError `unavailable` without a folder).
 */
export interface SaveIntoFolder {
  /** The name the person chose. */
  readonly folderName: string;
}

/**
 * The person's choice in a save dialog: the absolute path to write (a file
 * there is replaced: the dialog asked them), a name to save under in the
 * files folder (`SaveIntoFolder`), or `null` when they cancel. `context` is
 * the call's `NativeContext` (the provider always passes it; optional so
 * that a hook can be called on its own): when its signal aborts the dialog
 * closes; an answer after that counts as a cancel (nothing is written).
 */
export type SavePicker = (request: SaveRequest, context?: NativeContext) => string | SaveIntoFolder | null | Promise<string | SaveIntoFolder | null>;

/** What `createFilesProvider` serves. */
export interface FilesProviderOptions {
  /** The folder the non-interactive pickers open from and save to. */
  readonly dir?: string;
  /** An interactive open dialog (default: `folderOpenPicker(dir)`). */
  readonly openPicker?: OpenPicker;
  /** An interactive save dialog (default: save into `dir` under a free name). */
  readonly savePicker?: SavePicker;
  /** A file bigger than this many bytes is not opened (isError `tooLarge`; the folder picker leaves it out); default 64 MiB. */
  readonly maxBytes?: number;
}

const defaultMaxBytes = 64 * 1024 * 1024;
const maxOpenFiles = 100;

/**
 * The non-interactive open picker: the regular, non-hidden files at the top
 * of `dir` that fit `accept` and have at most `maxBytes`, most recently
 * modified first (then by name); one of them unless `multiple` (then at
 * most 100). Each file is looked at through one open handle
 * (`withUntrustedFile`: links are left out, nothing blocks) and answered as
 * a `ListedFile` (path, device, inode), so a file swapped since is refused.
 */
export function folderOpenPicker(dir: string, maxBytes = defaultMaxBytes): OpenPicker {
  const folder = resolve(dir);
  return async (request) => (await pickedFolderFiles(folder, request, maxBytes)).map(({ path, dev, ino }) => ({ path, dev, ino }));
}

async function pickedFolderFiles(folder: string, { accept, multiple }: OpenRequest, maxBytes: number): Promise<FolderFile[]> {
  return (await folderFiles(folder, accept, maxBytes)).slice(0, multiple ? maxOpenFiles : 1);
}

/**
 * The files provider: `open` asks the open picker and answers the chosen
 * files' names (control and bidirectional control characters shown as
 * `-`), types (the catalog's type for the extension, else sniffed, else
 * `application/octet-stream`) and bytes, each read once through one open
 * handle (`readUntrustedFile`: a link, FIFO or device is refused, never
 * followed; a picker hook's path is resolved with `realpath` first; a
 * folder file, or a `ListedFile` a picker answers, must still be the file
 * that was looked at when listed: same device and inode); `save` asks the save picker
 * and writes there atomically, or, with the folder only, writes into the
 * folder under a safe name (`saveFileName`) that is free (`name (2).ext`,
 * …): nothing is overwritten and nothing lands outside the folder. A tool
 * with neither a folder nor a picker answers isError `unavailable`; it
 * never throws.
 */
export function createFilesProvider(options: FilesProviderOptions): FilesProvider {
  const maxBytes = options.maxBytes ?? defaultMaxBytes;
  const dir = options.dir === undefined ? undefined : resolve(options.dir);

  return neverThrows<FilesProvider>({
    async open(input, context = noDeadline) {
      const request: OpenRequest = { accept: input.accept ?? [], multiple: input.multiple };
      let chosen: readonly Chosen[];
      if (options.openPicker !== undefined) {
        let paths: readonly (string | ListedFile)[];
        try {
          paths = await options.openPicker(request, context);
        } catch (error) {
          if (context.signal.aborted) return { structuredContent: { files: [] } };
          return { isError: `pickerFailed: ${errorText(error)}` };
        }
        // An answer after the abort is refused: the person was no longer asked.
        if (context.signal.aborted) return { structuredContent: { files: [] } };
        const answered: unknown = paths;
        if (!Array.isArray(answered) || !answered.every((p: unknown) => (typeof p === 'string' && isAbsolute(p)) || isListedFile(p)))
          return { isError: 'pickerFailed: the picker did not answer a list of absolute paths or listed files' };
        const byPath = new Map<string, Chosen>();
        for (const each of answered as readonly (string | ListedFile)[]) {
          const file: Chosen = typeof each === 'string' ? { path: each } : { path: each.path, dev: each.dev, ino: each.ino };
          if (!byPath.has(file.path)) byPath.set(file.path, file);
        }
        chosen = [...byPath.values()];
      } else if (dir !== undefined) {
        try {
          chosen = await pickedFolderFiles(dir, request, maxBytes);
        } catch (error) {
          return { isError: `unavailable: the files folder cannot be read (${errorText(error)})` };
        }
      } else {
        return { isError: 'unavailable' };
      }
      const files: FilesOpenNativeOutput['files'] = [];
      for (const file of chosen.slice(0, input.multiple ? maxOpenFiles : 1)) {
        const name = openedName(basename(file.path));
        const read = await readChosenFile(file, name, maxBytes);
        if (typeof read === 'string') return { isError: read };
        files.push({ name, mimeType: mimeTypeFor(catalog, { name, bytes: read }), data: read.toString('base64') });
      }
      return { structuredContent: { files } };
    },

    async save(input, context = noDeadline) {
      const bytes = Buffer.from(input.data, 'base64');
      if (options.savePicker !== undefined) {
        let target: string | SaveIntoFolder | null;
        try {
          target = await options.savePicker({ name: input.name, mimeType: input.mimeType, size: bytes.length }, context);
        } catch (error) {
          if (context.signal.aborted) return { structuredContent: { saved: false } };
          return { isError: `pickerFailed: ${errorText(error)}` };
        }
        // An answer after the abort is refused: the person was no longer asked.
        if (target === null || context.signal.aborted) return { structuredContent: { saved: false } };
        if (typeof target === 'object' && typeof target.folderName === 'string') return saveIntoFolder(dir, target.folderName, bytes);
        if (typeof target !== 'string' || !isAbsolute(target)) return { isError: 'pickerFailed: the picker did not answer an absolute path or null' };
        try {
          await writeFileAtomic(target, bytes, { mode: 0o644 });
        } catch (error) {
          return { isError: `saveFailed: ${errorText(error)}` };
        }
        return { structuredContent: { saved: true } };
      }
      return saveIntoFolder(dir, input.name, bytes);
    },
  });
}

/** Writes `bytes` into `dir` under the safe, free form of `name` (never over a file, never outside `dir`). */
async function saveIntoFolder(dir: string | undefined, name: string, bytes: Buffer): Promise<NativeResult<FilesSaveNativeOutput>> {
  if (dir === undefined) return { isError: 'unavailable' };
  try {
    const written = await writeNewFile(dir, freeNameCandidates(saveFileName(name)), bytes);
    return written === undefined ? { isError: 'saveFailed: no free name left for this file' } : { structuredContent: { saved: true } };
  } catch (error) {
    return { isError: `saveFailed: ${errorText(error)}` };
  }
}

/** Whether `value` is a `ListedFile`: an object with an absolute `path` and numeric `dev` and `ino` (own data, as answered). */
function isListedFile(value: unknown): value is ListedFile {
  if (typeof value !== 'object' || value === null) return false;
  const { path, dev, ino } = value as Record<string, unknown>;
  return typeof path === 'string' && isAbsolute(path) && Number.isFinite(dev) && Number.isFinite(ino);
}

/** A file to open: a picker hook's path, or a listed file (a folder file) with the identity seen when it was listed. */
interface Chosen {
  readonly path: string;
  readonly dev?: number;
  readonly ino?: number;
}

function openedName(name: string): string {
  const chars = [...displayFileName(name)];
  return chars.length === 0 ? 'file' : chars.length > 255 ? chars.slice(0, 255).join('') : chars.join('');
}

async function readChosenFile(file: Chosen, name: string, maxBytes: number): Promise<Buffer | string> {
  let path = file.path;
  if (file.ino === undefined) {
    try {
      path = await realpath(path);
    } catch (error) {
      const code = errorText(error);
      return `${code === 'ENOENT' || code === 'ENOTDIR' ? 'notFound' : 'unreadable'}: ${name} (${code})`;
    }
  }
  const read = await readUntrustedFile(path, { maxBytes });
  if (read instanceof FileRefusal) return read.message(name);
  if (file.ino !== undefined && (read.stats.dev !== file.dev || read.stats.ino !== file.ino)) return `unreadable: ${name} changed since it was chosen`;
  return read.bytes;
}
