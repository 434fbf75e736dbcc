import { unsafeNameChars } from './display-file-name.js';

const maxNameBytes = 255;
const suffixReserve = ' (9999)'.length;

function utf8Length(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

function truncateUtf8(text: string, maxBytes: number): string {
  let out = '';
  for (const char of text) {
    if (utf8Length(out + char) > maxBytes) break;
    out += char;
  }
  return out;
}

/**
 * A file name that is safe to create inside a folder for the name an app
 * gave: `/`, `\`, NUL and other control characters and the bidirectional
 * controls (U+202A–U+202E, U+2066–U+2069) become `-`, surrounding
 * spaces go, a leading `.` becomes `_` (no hidden files, never `.` or
 * `..`), an empty result is `file`, and the name is cut (keeping its
 * extension) so it and a ` (9999)` counter fit the 255 bytes a file name
 * may have.
 */
export function saveFileName(name: string): string {
  let clean = name.replace(unsafeNameChars, '-').trim();
  if (clean.startsWith('.')) clean = `_${clean.slice(1)}`;
  if (clean === '') clean = 'file';
  const { stem, ext } = splitExtension(clean);
  const room = maxNameBytes - suffixReserve - utf8Length(ext);
  return utf8Length(clean) + suffixReserve <= maxNameBytes ? clean : `${truncateUtf8(stem, room)}${ext}`;
}

/**
 * The names to try, in order, for a new file called `name` (already made
 * safe by `saveFileName`): the name itself, then `stem (2).ext` up to
 * `stem (9999).ext`.
 */
export function* freeNameCandidates(name: string): Generator<string> {
  yield name;
  const { stem, ext } = splitExtension(name);
  for (let n = 2; n <= 9999; n++) yield `${stem} (${n})${ext}`;
}

function splitExtension(name: string): { stem: string; ext: string } {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || name.length - dot > 16) return { stem: name, ext: '' };
  return { stem: name.slice(0, dot), ext: name.slice(dot) };
}
