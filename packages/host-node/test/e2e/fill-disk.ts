import { closeSync, openSync, writeSync } from 'node:fs';
import path from 'node:path';

/** Writes a filler file into `dir` until its file system answers ENOSPC (large chunks first, then down to single bytes). */
export function fillDisk(dir: string): void {
  const fd = openSync(path.join(dir, 'filler'), 'w');
  try {
    for (const size of [65_536, 4_096, 512, 1]) {
      const chunk = Buffer.alloc(size, 1);
      for (;;) {
        try {
          writeSync(fd, chunk);
        } catch (error) {
          if ((error as { code?: unknown }).code === 'ENOSPC') break;
          throw error;
        }
      }
    }
  } finally {
    closeSync(fd);
  }
}
