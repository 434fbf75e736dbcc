import type { Catalog } from '@xcap/catalog';
import { sniffMimeType } from './sniff-mime-type.js';

/** What `mimeTypeFor` decides from. */
export interface MimeTypeQuery {
  /** The type the caller gave; wins when it is a non-empty string. */
  readonly given?: string;
  /** The file's name; its last `.ext` (case-insensitive) is looked up in `v1.mimeByExtension`. */
  readonly name?: string;
  readonly bytes: Uint8Array;
  /** The bytes are a text the app passed (`text/plain` rather than `application/octet-stream` at the end). */
  readonly isText?: boolean;
}

/**
 * The spec's MIME type of a file handed to a native: the given one, else
 * the catalog's type for the name's last extension, else sniffed from the
 * bytes, else `text/plain` for a text and `application/octet-stream`.
 */
export function mimeTypeFor(catalog: Catalog, query: MimeTypeQuery): string {
  if (typeof query.given === 'string' && query.given !== '') return query.given;
  const byExtension = extensionType(catalog, query.name);
  if (byExtension !== null) return byExtension;
  return sniffMimeType(query.bytes) ?? (query.isText === true ? 'text/plain' : 'application/octet-stream');
}

function extensionType(catalog: Catalog, name: string | undefined): string | null {
  if (typeof name !== 'string') return null;
  const dot = name.lastIndexOf('.');
  if (dot < 0) return null;
  const ext = name.slice(dot + 1).toLowerCase();
  const table = catalog.v1.mimeByExtension;
  if (ext === '' || !Object.hasOwn(table, ext)) return null;
  const mimeType = table[ext];
  return typeof mimeType === 'string' ? mimeType : null;
}
