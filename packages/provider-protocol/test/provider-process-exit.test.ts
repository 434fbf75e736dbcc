import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { childEnd, startChild, tempDir } from '@xcap/test-support';
import { alive, until } from './provider-fixture.js';

describe('ProviderProcess: the host process exits after close()', () => {
  it("exits within a second of close() though the provider's orphaned grandchild (setsid) keeps its pipes open", async () => {
    const orphanPidFile = join(tempDir(), 'orphan.pid');
    const child = startChild(new URL('./children/close-with-orphan.ts', import.meta.url), [orphanPidFile]);
    onTestFinished(() => void child.kill('SIGKILL'));
    let closedAt: number | undefined;
    child.stdout?.on('data', () => (closedAt ??= Date.now()));
    const ended = childEnd(child);
    let exitedAt: number | undefined;
    void ended.then(() => (exitedAt = Date.now()));
    // The orphan lives until it is killed: read its pid as soon as it is written.
    let orphan = NaN;
    expect(
      await until(() => {
        void readFile(orphanPidFile, 'utf8').then(
          (text) => (orphan = Number(text)),
          () => undefined,
        );
        return Number.isInteger(orphan) && orphan > 0;
      }, 15_000),
    ).toBe(true);
    onTestFinished(() => {
      if (alive(orphan)) process.kill(orphan, 'SIGKILL');
    });
    expect(await until(() => closedAt !== undefined, 15_000)).toBe(true);
    // Bounded: a child still running 5 s after `closed` is killed by onTestFinished.
    await until(() => exitedAt !== undefined, 5_000);
    const end = await Promise.race([ended, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 10))]);
    expect(end?.stderr ?? 'still running').not.toContain('Error');
    expect(exitedAt, 'the child exited after close()').toBeDefined();
    expect((exitedAt as number) - (closedAt as number)).toBeLessThan(1_000);
    expect(alive(orphan)).toBe(true);
  });
});
