import { link, open, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { syncDir, writeTempFile } from '@xcap/store-local';

/**
 * Writes `data` into `dir` under the first of `names` that is free, never
 * replacing an existing file, and answers the name used (`undefined` when
 * every name is taken). The bytes go to a flushed temporary file first,
 * which is then hard-linked to the new name (`link` fails on an existing
 * name, so two writers never overwrite each other); where the file system
 * has no hard links, the name is claimed with an exclusive create and the
 * temporary file renamed over the claim. Either way no reader ever sees a
 * half-written file under the new name.
 */
export async function writeNewFile(dir: string, names: Iterable<string>, data: Uint8Array): Promise<string | undefined> {
  const temp = await writeTempFile(join(dir, 'new-file'), data, 0o644);
  try {
    for (const name of names) {
      const target = join(dir, name);
      if (await claim(temp, target)) {
        await syncDir(dir);
        return name;
      }
    }
    return undefined;
  } finally {
    await unlink(temp).catch(() => undefined);
  }
}

async function claim(temp: string, target: string): Promise<boolean> {
  try {
    await link(temp, target);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'EXDEV' && code !== 'ENOSYS') throw error;
  }
  try {
    await (await open(target, 'wx')).close();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  await rename(temp, target);
  return true;
}
