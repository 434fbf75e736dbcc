import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { withFileLock } from '../src/file-lock.js';
import { FileLockError } from '../src/index.js';
import { tempDir, errorOf } from '@xcap/test-support';

describe('withFileLock', () => {
  it('holds the lock file (pid, host, time, nonce) while fn runs and removes it afterwards, also when fn throws', async () => {
    const lock = path.join(tempDir(), 'x.lock');
    await withFileLock(lock, async () => {
      const holder = JSON.parse(readFileSync(lock, 'utf8')) as Record<string, unknown>;
      expect(holder).toMatchObject({ pid: process.pid });
      expect(Object.keys(holder).sort()).toEqual(['at', 'host', 'nonce', 'pid']);
    });
    expect(existsSync(lock)).toBe(false);
    await expect(withFileLock(lock, async () => Promise.reject(new Error('inside')))).rejects.toThrow(errorOf(Error, 'inside'));
    expect(existsSync(lock)).toBe(false);
  });

  it('runs holders one at a time', async () => {
    const lock = path.join(tempDir(), 'x.lock');
    let inside = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 10 }, () =>
        withFileLock(lock, async () => {
          most = Math.max(most, ++inside);
          await sleep(5);
          inside--;
        }),
      ),
    );
    expect(most).toBe(1);
  });

  it('a holder that stalled past staleMs loses the lock: stillHeld throws, and it does not remove the new holder’s lock', async () => {
    const lock = path.join(tempDir(), 'x.lock');
    const options = { staleMs: 150, timeoutMs: 5000 };
    let release: () => void = () => undefined;
    const stalled = withFileLock(
      lock,
      async (stillHeld) => {
        await new Promise<void>((resolve) => (release = resolve));
        await stillHeld();
      },
      options,
    );
    await sleep(20);
    let newHolderSawLock = false;
    await withFileLock(
      lock,
      async (stillHeld) => {
        await stillHeld();
        release();
        await expect(stalled).rejects.toThrow(FileLockError);
        await expect(stalled).rejects.toThrow(
          errorOf(FileLockError, /lost the lock .*x\.lock: it was taken over by another process \(held longer than 150 ms\)/),
        );
        newHolderSawLock = existsSync(lock);
        await stillHeld();
      },
      options,
    );
    expect(newHolderSawLock).toBe(true);
    expect(existsSync(lock)).toBe(false);
  });
});
