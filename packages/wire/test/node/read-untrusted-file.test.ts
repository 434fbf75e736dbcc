/**
 * readUntrustedFile / withUntrustedFile: one open with O_NOFOLLOW |
 * O_NONBLOCK, fstat of that handle, at most maxBytes + 1 bytes read.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FileRefusal, readUntrustedFile, withUntrustedFile } from '../../src/node/read-untrusted-file.js';
import { resolvesWithin } from '../../src/resolves-within.js';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fresh temp folder, removed after the test. */
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'xcap-wire-'));
  made.push(dir);
  return dir;
}

/** `promise`'s value, or `'timeout'` when it has not settled within `ms`. */
async function within<T>(ms: number, promise: Promise<T>): Promise<T | 'timeout'> {
  return (await resolvesWithin(promise, ms)) ? await promise : 'timeout';
}

async function refusal(path: string | Buffer, maxBytes = 1024): Promise<string> {
  const read = await within(2000, readUntrustedFile(path, { maxBytes }));
  if (read === 'timeout') return 'timeout';
  return read instanceof FileRefusal ? read.message('f') : `read ${read.bytes.length} bytes`;
}

describe('readUntrustedFile', () => {
  it('reads a regular file whole, with what fstat said of the open handle', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.txt'), 'hello');
    const read = await readUntrustedFile(join(dir, 'a.txt'), { maxBytes: 5 });
    if (read instanceof FileRefusal) throw new Error(read.message('a.txt'));
    expect(read.bytes.toString()).toBe('hello');
    expect(read.stats.size).toBe(5);
    expect(read.stats.isFile()).toBe(true);
  });

  it('refuses a symbolic link (never followed), a folder, a FIFO (without blocking) and a device', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'real.txt'), 'x');
    symlinkSync(join(dir, 'real.txt'), join(dir, 'link.txt'));
    symlinkSync('/dev/zero', join(dir, 'zero.jpg'));
    mkdirSync(join(dir, 'folder'));
    execFileSync('mkfifo', [join(dir, 'fifo')]);
    expect(await refusal(join(dir, 'link.txt'))).toBe('unreadable: f is a symbolic link');
    expect(await refusal(join(dir, 'zero.jpg'))).toBe('unreadable: f is a symbolic link');
    expect(await refusal(join(dir, 'folder'))).toBe('unreadable: f is not a regular file (a folder)');
    expect(await refusal(join(dir, 'fifo'))).toBe('unreadable: f is not a regular file (a FIFO)');
    expect(await refusal('/dev/zero')).toBe('unreadable: f is not a regular file (a device)');
    expect(await refusal(join(dir, 'missing'))).toBe('notFound: f (ENOENT)');
  });

  it('refuses a file over maxBytes on fstat, and one that gives more than maxBytes although fstat said less', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'big'), Buffer.alloc(11));
    expect(await refusal(join(dir, 'big'), 10)).toBe('tooLarge: f has 11 bytes, at most 10 are read');
    expect(await refusal(join(dir, 'big'), 11)).toBe('read 11 bytes');
    // /proc files say size 0 on fstat and then give their text: the same as a file that grew after fstat.
    expect(await refusal('/proc/self/status', 10)).toBe('tooLarge: f grew past 10 bytes while it was read');
    const status = await readUntrustedFile('/proc/self/status', { maxBytes: 1024 * 1024 });
    expect(status instanceof FileRefusal ? status.message('status') : status.bytes.toString()).toMatch(/^Name:/);
  });

  it('opens a name that is not UTF-8 from its bytes, and closes the handle even when the reader throws', async () => {
    const dir = tempDir();
    const raw = Buffer.concat([Buffer.from(`${dir}/caf`), Buffer.from([0xe9]), Buffer.from('.txt')]);
    writeFileSync(raw, 'bytes');
    expect(await refusal(raw)).toBe('read 5 bytes');
    const thrown = await withUntrustedFile(raw, { maxBytes: 10 }, () => Promise.reject(new Error('boom')));
    expect(thrown).toEqual(new FileRefusal('unreadable', '(boom)'));
  });

  it('follows a link only when asked (followLinks), and reads any slice of the open handle with read(position, length)', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'real.txt'), 'abcdef');
    symlinkSync(join(dir, 'real.txt'), join(dir, 'link.txt'));
    const followed = await readUntrustedFile(join(dir, 'link.txt'), { maxBytes: 6, followLinks: true });
    expect(followed instanceof FileRefusal ? followed.message('link') : followed.bytes.toString()).toBe('abcdef');
    const slices = await withUntrustedFile(join(dir, 'real.txt'), { maxBytes: 6 }, async (file) => [
      (await file.read(1, 3)).toString(),
      (await file.read(4, 10)).toString(),
      (await file.read(6, 2)).length,
      (await file.read(0, -1)).length,
    ]);
    expect(slices).toEqual(['bcd', 'ef', 0, 0]);
  });

  it('names why an open failed: a path under a file is notFound (ENOTDIR), a socket is not a regular file (ENXIO), any other errno by its code', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'file.txt'), 'x');
    expect(await refusal(join(dir, 'file.txt', 'inside'))).toBe('notFound: f (ENOTDIR)');
    const socket = join(dir, 'sock');
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(socket, resolve));
    try {
      expect(await refusal(socket)).toBe('unreadable: f is not a regular file (a socket or a device)');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(await refusal(join(dir, 'n'.repeat(300)))).toBe('unreadable: f (ENAMETOOLONG)');
  });

  it('a reader that rejects with a value that is not an Error is unreadable, with that value as text', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.txt'), 'a');
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the reader is anybody's code: a non-Error rejection is the case under test
    const thrown = await withUntrustedFile(join(dir, 'a.txt'), { maxBytes: 1 }, () => Promise.reject('plain text'));
    expect(thrown).toEqual(new FileRefusal('unreadable', '(plain text)'));
  });
});
