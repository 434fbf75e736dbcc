import { readdirSync, readFileSync, writeFileSync, chmodSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ShareSendNativeInput } from '@xcap/catalog';
import { encodePng } from '@xcap/host-testing';
import { findOnPath } from '../../src/providers/find-on-path.js';
import { createFilesProvider } from '../../src/providers/files-provider.js';
import { neverThrows } from '../../src/providers/never-throws.js';
import { createPhotosProvider } from '../../src/providers/photos-provider.js';
import { createPrintProvider } from '../../src/providers/print-provider.js';
import { runCommand } from '../../src/providers/run-command.js';
import { createShareProvider } from '../../src/providers/share-provider.js';
import { fakeBin, recordedCalls, tempDir } from './provider-test-kit.js';

/** Whether process `pid` still runs (a zombie waiting to be reaped does not). */
function running(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

describe('createPrintProvider', () => {
  const png = Buffer.from(encodePng(3, 2, (x, y) => [x * 80, y * 120, 7]));

  it('hands the bytes to lp on stdin with -t <name>, answering printed true', async () => {
    const bin = fakeBin({ lp: 'cat > "$0.job"; echo "request id is office-12 (1 file(s))"' });
    const print = createPrintProvider({ env: bin.env });
    expect(await print.print({ name: '-Swatch (1).png', mimeType: 'image/png', data: png.toString('base64') })).toEqual({
      structuredContent: { printed: true },
    });
    expect(recordedCalls(bin.root, 'lp')).toEqual([['-t', '-Swatch (1).png']]);
    expect(readFileSync(join(bin.bin, 'lp.job')).equals(png)).toBe(true);
  });

  it('answers printFailed with what lp said when it refuses the job', async () => {
    const bin = fakeBin({ lp: 'cat > /dev/null; echo "lp: Error - no default destination available." >&2; exit 1' });
    expect(await createPrintProvider({ env: bin.env }).print({ name: 'a.pdf', mimeType: 'application/pdf', data: 'JVBERi0=' })).toEqual({
      isError: 'printFailed: lp: Error - no default destination available.',
    });
  });

  it('answers unavailable without lp on PATH or with lp null, and printFailed when lp hangs past the timeout (what it started killed too)', async () => {
    const empty = fakeBin({ other: 'true' });
    expect(await createPrintProvider({ env: { PATH: empty.bin } }).print({ name: 'a.pdf', mimeType: 'application/pdf', data: '' })).toEqual({
      isError: 'unavailable',
    });
    const bin = fakeBin({ lp: 'cat > /dev/null' });
    expect(await createPrintProvider({ env: bin.env, lp: null }).print({ name: 'a.pdf', mimeType: 'application/pdf', data: '' })).toEqual({
      isError: 'unavailable',
    });
    expect(recordedCalls(bin.root, 'lp')).toEqual([]);
    const slow = fakeBin({ lp: 'sleep 30 & echo $! > "$0.child"; wait' });
    expect(await createPrintProvider({ env: slow.env, timeoutMs: 300 }).print({ name: 'a.pdf', mimeType: 'application/pdf', data: '' })).toEqual({
      isError: 'printFailed: timed out after 300 ms',
    });
    const child = Number(readFileSync(join(slow.bin, 'lp.child'), 'utf8'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(running(child)).toBe(false);
  });
});

describe('createShareProvider', () => {
  it('is undefined without a hook', () => {
    expect(createShareProvider(undefined)).toBeUndefined();
  });

  it('hands the hook the native input and answers what it says', async () => {
    const seen: ShareSendNativeInput[] = [];
    const share = createShareProvider(async (input) => {
      seen.push(input);
      return { shared: input.url !== undefined };
    })!;
    const input = { title: 'Hi', text: 'Our album', file: { name: 'a.png', mimeType: 'image/png', data: 'aGk=' } };
    expect(await share.send(input)).toEqual({ structuredContent: { shared: false } });
    expect(await share.send({ url: 'https://example.com/a' })).toEqual({ structuredContent: { shared: true } });
    expect(seen).toEqual([input, { url: 'https://example.com/a' }]);
  });

  it('answers shareFailed for a hook that throws or answers something else', async () => {
    expect(await createShareProvider(() => Promise.reject(new Error('no sheet')))!.send({ text: 'x' })).toEqual({ isError: 'shareFailed: no sheet' });
    expect(await createShareProvider(() => ({ shared: 'yes' }) as unknown as { shared: boolean })!.send({ text: 'x' })).toEqual({
      isError: 'shareFailed: the share hook did not answer {shared: boolean}',
    });
  });
});

describe('findOnPath and runCommand', () => {
  it('finds the first executable regular file on PATH, skipping relative and empty entries', () => {
    const a = fakeBin({ tool: 'true' });
    const b = fakeBin({ tool: 'true', other: 'true' });
    const dir = tempDir();
    writeFileSync(join(dir, 'tool'), 'not executable');
    chmodSync(join(dir, 'tool'), 0o644);
    mkdirSync(join(dir, 'folder'));
    expect(findOnPath('tool', { PATH: `${dir}::relative:${a.bin}:${b.bin}` })).toBe(join(a.bin, 'tool'));
    expect(findOnPath('other', { PATH: `${a.bin}:${b.bin}` })).toBe(join(b.bin, 'other'));
    expect(findOnPath('folder', { PATH: dir })).toBeUndefined();
    expect(findOnPath('tool', { PATH: dir })).toBeUndefined();
    expect(findOnPath('tool', {})).toBeUndefined();
    expect(findOnPath('', { PATH: a.bin })).toBeUndefined();
    expect(findOnPath(join(a.bin, 'tool'), {})).toBe(join(a.bin, 'tool'));
    expect(findOnPath(join(dir, 'tool'), {})).toBeUndefined();
  });

  it('runCommand never rejects: a missing command answers code null and why', async () => {
    const missing = await runCommand(join(tempDir(), 'nope'), []);
    expect(missing.code).toBeNull();
    expect(missing.failure).toMatch(/ENOENT/);
    const bin = fakeBin({ echoer: 'cat; echo err >&2; exit 4' });
    expect(await runCommand(join(bin.bin, 'echoer'), ['x'], { input: Buffer.from('in'), env: bin.env })).toEqual({ code: 4, stdout: 'in', stderr: 'err\n' });
    expect(readdirSync(bin.root)).toContain('echoer.log');
  });
});

describe('neverThrows', () => {
  it('turns a throwing method into isError failed and leaves other members alone', async () => {
    const guarded = neverThrows({
      ok: async () => ({ structuredContent: { fine: true } }),
      boom: async (): Promise<unknown> => {
        throw new Error('bug');
      },
      sync: (): unknown => {
        throw new TypeError('bad input');
      },
      label: 'kept',
    });
    expect(await guarded.ok()).toEqual({ structuredContent: { fine: true } });
    expect(await guarded.boom()).toEqual({ isError: 'failed: bug' });
    expect(await guarded.sync()).toEqual({ isError: 'failed: bad input' });
    expect(guarded.label).toBe('kept');
  });

  it('keeps every Node provider from throwing on input no bridge would send', async () => {
    const dir = tempDir();
    const bin = fakeBin({ lp: 'cat > /dev/null' });
    const files = createFilesProvider({ dir });
    const print = createPrintProvider({ env: bin.env });
    const photos = createPhotosProvider({ dir });
    const odd = null as unknown as never;
    for (const answer of [
      await files.save(odd),
      await files.open(odd),
      await print.print(odd),
      await photos.get(odd),
      await photos.list(odd),
      await photos.pick(odd),
    ]) {
      expect(answer).toSatisfy((a: unknown) => typeof a === 'object' && a !== null && ('isError' in a || 'structuredContent' in a));
    }
    expect(await files.save(odd)).toEqual({ isError: expect.stringMatching(/^failed: /) });
  });
});
