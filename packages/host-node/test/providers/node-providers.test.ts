import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodeProviders } from '../../src/providers/node-providers.js';
import { nodeProvided } from '../../src/providers/node-provided.js';
import { FakeTimers } from './fake-timers.js';
import { jpegWithExif } from './jpeg-with-exif.js';
import { fakeBin, recordedCalls, tempDir } from './provider-test-kit.js';
import { writeFileSync } from 'node:fs';

describe('nodeProviders', () => {
  it('provides print only when nothing else is configured (print_print then answers unavailable)', async () => {
    const empty = fakeBin({ unrelated: 'true' });
    const node = nodeProviders({ env: { PATH: empty.bin } });
    expect(node.provided).toEqual(['print']);
    expect(Object.keys(node.providers)).toEqual(['print']);
    expect(await node.providers.print!.print({ name: 'a.pdf', mimeType: 'application/pdf', data: '' })).toEqual({ isError: 'unavailable' });
    node.close();
  });

  it('provides each capability only with what it needs, never windows, focus or launch', () => {
    const bin = fakeBin({ 'notify-send': 'true', lp: 'cat > /dev/null' });
    const dir = tempDir();
    const all = nodeProviders({ env: bin.env, photosDir: dir, filesDir: dir, stateFile: join(dir, 'n.json'), share: () => ({ shared: true }) });
    expect(all.provided).toEqual(['files', 'notifications', 'photos', 'print', 'share']);
    all.close();
    expect(nodeProviders({ env: bin.env, stateFile: join(dir, 'n.json'), notifySend: null }).provided).toEqual(['print']);
    expect(nodeProviders({ env: { PATH: tempDir() }, stateFile: join(dir, 'n.json') }).provided).toEqual(['print']);
    expect(nodeProviders({ env: bin.env, openPicker: () => [] }).provided).toEqual(['files', 'print']);
    expect(nodeProviders({ env: bin.env, savePicker: () => null }).provided).toEqual(['files', 'print']);
  });

  // Issue 35: a host lists its tools from nodeProvided before it loads the providers (create-node-host.ts).
  it('nodeProvided names exactly the capabilities nodeProviders builds, for every combination of what decides them', () => {
    const withService = fakeBin({ 'notify-send': 'true' });
    const without = { PATH: tempDir() };
    const dir = tempDir();
    let combinations = 0;
    for (let bits = 0; bits < 64; bits++) {
      const has = (bit: number) => (bits & (1 << bit)) !== 0;
      const options = {
        env: has(0) ? withService.env : without,
        ...(has(1) ? { photosDir: dir } : {}),
        ...(has(2) ? { filesDir: dir } : {}),
        ...(has(3) ? { openPicker: () => [] } : {}),
        ...(has(4) ? { stateFile: join(dir, `n${String(bits)}.json`) } : {}),
        ...(has(5) ? { share: () => ({ shared: true as const }) } : {}),
      };
      const built = nodeProviders(options);
      expect(nodeProvided(options), `combination ${String(bits)}`).toEqual(Object.keys(built.providers).sort());
      expect(built.provided).toEqual(Object.keys(built.providers).sort());
      built.close();
      combinations++;
    }
    expect(combinations).toBe(64);
  });

  it('wires the options through: photo picker, lp, notify-send, the clock and timers', async () => {
    const bin = fakeBin({ 'notify-send': 'true', lp: 'cat > /dev/null' });
    const dir = tempDir();
    writeFileSync(join(dir, 'a.jpg'), jpegWithExif({ dateTimeOriginal: '2026:01:01 00:00:00', offsetTimeOriginal: '+00:00' }));
    const timers = new FakeTimers(Date.parse('2026-11-01T09:00:00Z'));
    const node = nodeProviders({
      env: bin.env,
      photosDir: dir,
      photoPicker: () => [],
      stateFile: join(dir, 'n.json'),
      clock: timers.clock,
      timers,
      filesDir: dir,
      maxBytes: 4,
    });
    expect(await node.providers.photos!.pick({ limit: 1 })).toEqual({ structuredContent: { photos: [] } });
    const [photo] = ((await node.providers.photos!.list({ limit: 1 })) as { structuredContent: { photos: { id: string }[] } }).structuredContent.photos;
    expect(await node.providers.photos!.get({ id: photo!.id })).toMatchObject({ isError: expect.stringMatching(/^tooLarge/) });
    expect(await node.providers.print!.print({ name: 'a.pdf', mimeType: 'application/pdf', data: '' })).toEqual({ structuredContent: { printed: true } });
    expect(await node.providers.notifications!.post({ id: 'a/x', title: 't', body: null, at: '2026-11-01T10:00:00Z', tap: null })).toEqual({
      structuredContent: {},
    });
    expect(timers.pending).toBe(1);
    node.close();
    expect(timers.pending).toBe(0);
    await timers.advance(2 * 3_600_000);
    expect(recordedCalls(bin.root, 'notify-send')).toEqual([]);
    expect(readdirSync(dir).sort()).toEqual(['a.jpg', 'n.json']);
  });
});
