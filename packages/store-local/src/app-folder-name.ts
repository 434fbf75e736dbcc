import { createHash } from 'node:crypto';

/** The longest folder name `appFolderName` writes out in full; longer ones become a hash. */
const maxReadable = 120;

/**
 * The folder name of an app's files, safe for any app id string and one to
 * one: `app-` followed by the id with every character outside `a-z 0-9 . -`
 * written as `_` and four hex digits of its UTF-16 code unit (so upper case,
 * `/`, `\`, NUL, `..`, lone surrogates and the like never reach a path, and
 * ids differing only in case stay apart on case-insensitive disks). A name
 * that would be longer than 120 characters becomes `app~` + the SHA-256 of
 * the id's UTF-16 code units.
 */
export function appFolderName(app: string): string {
  let out = 'app-';
  for (let i = 0; i < app.length; i++) {
    const unit = app.charCodeAt(i);
    const keep = (unit >= 0x61 && unit <= 0x7a) || (unit >= 0x30 && unit <= 0x39) || unit === 0x2e || unit === 0x2d;
    out += keep ? app[i] : `_${unit.toString(16).padStart(4, '0')}`;
    if (out.length > maxReadable) return `app~${createHash('sha256').update(Buffer.from(app, 'utf16le')).digest('hex')}`;
  }
  return out;
}
