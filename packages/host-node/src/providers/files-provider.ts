import { open, readdir, stat } from 'node:fs/promises';
import { basename, isAbsolute, join, resolve } from 'node:path';
import { catalog, type FilesOpenNativeOutput, type FilesProvider } from '@xcap/catalog';
import { mimeTypeFor } from '@xcap/bridge';
import { acceptsFile } from './accepts-file.js';
import { errorText } from './error-text.js';
import { neverThrows } from './never-throws.js';
import { freeNameCandidates, saveFileName } from './save-file-name.js';
import { writeFileAtomic } from '../atomic-write.js';
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

/**
 * The non-interactive open picker: the regular, non-hidden files at the top
 * of `dir` that fit `accept` and have at most `maxBytes`, most recently
 * modified first (then by name); one of them unless `multiple` (then at
 * most 100).
 */
export function folderOpenPicker(dir: string, maxBytes = defaultMaxBytes): OpenPicker {
  const folder = resolve(dir);
  return async ({ accept, multiple }) => {
    const entries = await readdir(folder, { withFileTypes: true });
    const fits: { path: string; name: string; mtimeMs: number }[] = [];
    for (const entry of entries) {
      if (!entry.isFile() || entry.name.startsWith('.')) continue;
      const path = join(folder, entry.name);
      const info = await stat(path).catch(() => undefined);
      if (info === undefined || !info.isFile() || info.size > maxBytes) continue;
      const head = await readHead(path);
      if (head === undefined || !acceptsFile(accept, entry.name, mimeTypeFor(catalog, { name: entry.name, bytes: head }))) continue;
      fits.push({ path, name: entry.name, mtimeMs: info.mtimeMs });
    }
    fits.sort((a, b) => b.mtimeMs - a.mtimeMs || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    return fits.slice(0, multiple ? maxOpenFiles : 1).map((file) => file.path);
  };
}

/**
 * The files provider: `open` asks the open picker and answers the chosen
 * files' names, types (the catalog's type for the extension, else sniffed,
 * else `application/octet-stream`) and bytes; `save` asks the save picker
 * and writes there atomically, or, with the folder only, writes into the
 * folder under a safe name (`saveFileName`) that is free (`name (2).ext`,
 * …): nothing is overwritten and nothing lands outside the folder. A tool
 * with neither a folder nor a picker answers isError `unavailable`; it
 * never throws.
 */
export function createFilesProvider(options: FilesProviderOptions): FilesProvider {
  const maxBytes = options.maxBytes ?? defaultMaxBytes;
  const dir = options.dir === undefined ? undefined : resolve(options.dir);
  const openPicker = options.openPicker ?? (dir === undefined ? undefined : folderOpenPicker(dir, maxBytes));

  return neverThrows<FilesProvider>({
    async open(input) {
      if (openPicker === undefined) return { isError: 'unavailable' };
      let paths: readonly string[];
      try {
        paths = await openPicker({ accept: input.accept ?? [], multiple: input.multiple });
      } catch (error) {
        return { isError: options.openPicker === undefined ? `unavailable: the files folder cannot be read (${errorText(error)})` : `pickerFailed: ${errorText(error)}` };
      }
      if (!Array.isArray(paths) || !paths.every((p) => typeof p === 'string' && isAbsolute(p))) return { isError: 'pickerFailed: the picker did not answer a list of absolute paths' };
      const chosen = [...new Set(paths)].slice(0, input.multiple ? maxOpenFiles : 1);
      const files: FilesOpenNativeOutput['files'] = [];
      for (const path of chosen) {
        const read = await readChosenFile(path, maxBytes);
        if (typeof read === 'string') return { isError: read };
        const name = openedName(basename(path));
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

function openedName(name: string): string {
  const chars = [...name];
  return chars.length === 0 ? 'file' : chars.length > 255 ? chars.slice(0, 255).join('') : name;
}

async function readHead(path: string): Promise<Uint8Array | undefined> {
  try {
    const handle = await open(path, 'r');
    try {
      const head = Buffer.alloc(8);
      const { bytesRead } = await handle.read(head, 0, 8, 0);
      return head.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  } catch {
    return undefined;
  }
}

async function readChosenFile(path: string, maxBytes: number): Promise<Buffer | string> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    return `notFound: ${basename(path)} (${errorText(error)})`;
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) return `unreadable: ${basename(path)} is not a file`;
    if (info.size > maxBytes) return `tooLarge: ${basename(path)} has ${info.size} bytes, at most ${maxBytes} are opened`;
    return await handle.readFile();
  } catch (error) {
    return `unreadable: ${basename(path)} (${errorText(error)})`;
  } finally {
    await handle.close().catch(() => undefined);
  }
}
