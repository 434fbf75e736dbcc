import { readdir, realpath } from 'node:fs/promises';
import { basename, isAbsolute, join, resolve } from 'node:path';
import { catalog, type FilesOpenNativeOutput, type FilesProvider } from '@xcap/catalog';
import { mimeTypeFor } from '@xcap/bridge';
import { acceptsFile } from './accepts-file.js';
import { displayFileName } from './display-file-name.js';
import { errorText } from './error-text.js';
import { neverThrows } from './never-throws.js';
import { FileRefusal, readUntrustedFile, withUntrustedFile } from './read-untrusted-file.js';
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

/** The person's choice in an open dialog: absolute paths of the chosen files; an empty list when they cancel. */
export type OpenPicker = (request: OpenRequest) => readonly string[] | Promise<readonly string[]>;

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
 * The person's choice in a save dialog: the absolute path to write (a file
 * there is replaced: the dialog asked them), or `null` when they cancel.
 */
export type SavePicker = (request: SaveRequest) => string | null | Promise<string | null>;

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

/** A file the folder picker chose, with the device and inode of what it looked at. */
interface FolderFile {
  readonly path: string;
  readonly name: string;
  readonly mtimeMs: number;
  readonly dev: number;
  readonly ino: number;
}

/**
 * The non-interactive open picker: the regular, non-hidden files at the top
 * of `dir` that fit `accept` and have at most `maxBytes`, most recently
 * modified first (then by name); one of them unless `multiple` (then at
 * most 100). Each file is looked at through one open handle
 * (`withUntrustedFile`: links are left out, nothing blocks).
 */
export function folderOpenPicker(dir: string, maxBytes = defaultMaxBytes): OpenPicker {
  const folder = resolve(dir);
  return async (request) => (await folderFiles(folder, request, maxBytes)).map((file) => file.path);
}

async function folderFiles(folder: string, { accept, multiple }: OpenRequest, maxBytes: number): Promise<FolderFile[]> {
  const entries = await readdir(folder, { withFileTypes: true });
  const fits: FolderFile[] = [];
  for (const entry of entries) {
    if (!entry.isFile() || entry.name.startsWith('.')) continue;
    const path = join(folder, entry.name);
    const seen = await withUntrustedFile(path, { maxBytes }, async (file) => ({ head: await file.read(0, 8), stats: file.stats }));
    if (seen instanceof FileRefusal || !acceptsFile(accept, entry.name, mimeTypeFor(catalog, { name: entry.name, bytes: seen.head }))) continue;
    fits.push({ path, name: entry.name, mtimeMs: seen.stats.mtimeMs, dev: seen.stats.dev, ino: seen.stats.ino });
  }
  fits.sort((a, b) => b.mtimeMs - a.mtimeMs || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return fits.slice(0, multiple ? maxOpenFiles : 1);
}

/**
 * The files provider: `open` asks the open picker and answers the chosen
 * files' names (control and bidirectional control characters shown as
 * `-`), types (the catalog's type for the extension, else sniffed, else
 * `application/octet-stream`) and bytes, each read once through one open
 * handle (`readUntrustedFile`: a link, FIFO or device is refused, never
 * followed; a picker hook's choice is resolved with `realpath` first; a
 * folder file must still be the file the folder picker looked at); `save` asks the save picker
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
    async open(input) {
      const request: OpenRequest = { accept: input.accept ?? [], multiple: input.multiple };
      let chosen: readonly Chosen[];
      if (options.openPicker !== undefined) {
        let paths: readonly string[];
        try {
          paths = await options.openPicker(request);
        } catch (error) {
          return { isError: `pickerFailed: ${errorText(error)}` };
        }
        if (!Array.isArray(paths) || !paths.every((p) => typeof p === 'string' && isAbsolute(p)))
          return { isError: 'pickerFailed: the picker did not answer a list of absolute paths' };
        chosen = [...new Set<string>(paths)].map((path) => ({ path }));
      } else if (dir !== undefined) {
        try {
          chosen = await folderFiles(dir, request, maxBytes);
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

    async save(input) {
      const bytes = Buffer.from(input.data, 'base64');
      if (options.savePicker !== undefined) {
        let target: string | null;
        try {
          target = await options.savePicker({ name: input.name, mimeType: input.mimeType, size: bytes.length });
        } catch (error) {
          return { isError: `pickerFailed: ${errorText(error)}` };
        }
        if (target === null) return { structuredContent: { saved: false } };
        if (typeof target !== 'string' || !isAbsolute(target)) return { isError: 'pickerFailed: the picker did not answer an absolute path or null' };
        try {
          await writeFileAtomic(target, bytes, { mode: 0o644 });
        } catch (error) {
          return { isError: `saveFailed: ${errorText(error)}` };
        }
        return { structuredContent: { saved: true } };
      }
      if (dir === undefined) return { isError: 'unavailable' };
      try {
        const name = await writeNewFile(dir, freeNameCandidates(saveFileName(input.name)), bytes);
        return name === undefined ? { isError: 'saveFailed: no free name left for this file' } : { structuredContent: { saved: true } };
      } catch (error) {
        return { isError: `saveFailed: ${errorText(error)}` };
      }
    },
  });
}

/** A file to open: a picker hook's path, or a folder file with the identity the folder picker saw. */
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
