/**
 * `writeNewFile` on a file system without hard links: `link` fails with
 * EPERM (as on FAT or some FUSE mounts), so the name is claimed with an
 * exclusive create and the temporary file renamed over the claim.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { writeNewFile } from '../../src/providers/write-new-file.js';
import { tempDir } from './provider-test-kit.js';

const links = vi.hoisted(() => ({ tried: 0 }));

vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  return {
    ...actual,
    link: async () => {
      links.tried++;
      throw Object.assign(new Error('EPERM: operation not permitted, link'), { code: 'EPERM' });
    },
  };
});

describe('writeNewFile without hard links', () => {
  it('still never overwrites, takes the next free name and leaves no temporary file', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.txt'), 'existing');
    expect(await writeNewFile(dir, ['a.txt', 'a (2).txt'], Buffer.from('new'))).toBe('a (2).txt');
    expect(await writeNewFile(dir, ['a.txt', 'a (2).txt'], Buffer.from('newer'))).toBeUndefined();
    expect(readdirSync(dir).sort()).toEqual(['a (2).txt', 'a.txt']);
    expect(readFileSync(join(dir, 'a.txt'), 'utf8')).toBe('existing');
    expect(readFileSync(join(dir, 'a (2).txt'), 'utf8')).toBe('new');
    expect(links.tried).toBeGreaterThanOrEqual(2);
  });
});
