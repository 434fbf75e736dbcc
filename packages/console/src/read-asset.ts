import { FileRefusal, readUntrustedFile } from '@xcap/wire/node';

/**
 * The bytes of one of the page's built assets at `path`, or `undefined`:
 * read as `readUntrustedFile` of `@xcap/wire/node` reads (one `open` with
 * `O_NOFOLLOW`, a symbolic link never followed; `fstat` of that handle —
 * only a regular file of at most `maxBytes` is read, from that handle). The
 * console's own files only; a host's files (photos) are read by the host's
 * `readPhoto`.
 */
export async function readAsset(path: string, maxBytes: number): Promise<Uint8Array | undefined> {
  const read = await readUntrustedFile(path, { maxBytes });
  return read instanceof FileRefusal ? undefined : read.bytes;
}
