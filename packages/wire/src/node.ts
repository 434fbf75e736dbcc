/**
 * `@xcap/wire/node`: the Node-only low-level pieces, with no dependencies —
 * `withUntrustedFile` and `readUntrustedFile`, the one safe way to read a
 * file the host did not write (one `open` with `O_NOFOLLOW | O_NONBLOCK`,
 * `fstat` of that handle, reads from it only, bounded), and `errorText`,
 * the short text of a caught error. The root entry stays free of Node
 * modules.
 *
 * @packageDocumentation
 */
export {
  FileRefusal,
  readUntrustedFile,
  withUntrustedFile,
  type FileRefusalReason,
  type UntrustedFile,
  type UntrustedFileOptions,
} from './node/read-untrusted-file.js';
export { errorText } from './node/error-text.js';
