import type { ConsolePhoto } from '@xcap/console';
import { FileRefusal, readUntrustedFile } from '@xcap/wire/node';
import { sniffPhoto } from '../providers/sniff-photo.js';

/**
 * The console's `readPhoto` on this host: a pending photo picker's file read
 * the one safe way for files the host did not write (`readUntrustedFile`: no
 * link followed, a regular file of at most `maxBytes`), its type sniffed from
 * the bytes (`sniffPhoto`: JPEG or PNG, anything else `notAPhoto`).
 */
export async function readConsolePhoto(path: string, maxBytes: number): Promise<ConsolePhoto> {
  const read = await readUntrustedFile(path, { maxBytes });
  if (read instanceof FileRefusal) return { refused: read.reason };
  const type = sniffPhoto(read.bytes);
  return type === null ? { refused: 'notAPhoto' } : { bytes: read.bytes, type };
}
