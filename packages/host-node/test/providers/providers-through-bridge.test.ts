/**
 * The Node providers behind the real bridge (`bridgeCall`, a memory blob
 * store): what an app gets back, and what lands in its files, the folder,
 * the print queue and the notification schedule.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalog, type JsonObject } from '@xcap/catalog';
import { bridgeCall, MemoryBlobStore } from '@xcap/bridge';
import { encodePng } from '@xcap/host-testing';
import { nodeProviders } from '../../src/providers/node-providers.js';
import { jpegWithExif } from './jpeg-with-exif.js';
import { fakeBin, recordedCalls, tempDir } from './provider-test-kit.js';

const context = { app: 'acme.album', screens: ['albums', 'page'] };

function setUp() {
  const bin = fakeBin({ 'notify-send': 'echo 5', lp: 'cat > "$0.job"' });
  const photosDir = tempDir();
  const filesDir = tempDir();
  const dataDir = tempDir();
  writeFileSync(join(photosDir, 'lake.jpg'), jpegWithExif({ dateTimeOriginal: '2026:11:01 10:00:00', offsetTimeOriginal: '+01:00' }));
  writeFileSync(join(photosDir, 'hill.jpg'), jpegWithExif({ dateTimeOriginal: '2026:10:01 10:00:00', offsetTimeOriginal: '+01:00' }));
  const node = nodeProviders({ env: bin.env, photosDir, filesDir, stateFile: join(dataDir, 'notifications.json'), gdbus: null });
  const blobs = new MemoryBlobStore();
  const call = (tool: string, args: JsonObject) => {
    const [capability, method] = [tool.slice(0, tool.indexOf('_')), tool.slice(tool.indexOf('_') + 1)];
    const provider = (node.providers as Record<string, Record<string, (input: JsonObject) => Promise<unknown>>>)[capability]!;
    return bridgeCall({ catalog, tool, arguments: args, context, blobs, native: (input) => provider[method]!(input) });
  };
  return { bin, photosDir, filesDir, dataDir, node, blobs, call };
}

describe('Node providers through the bridge', () => {
  it('picks photos into app files, prints one through lp and saves it into the folder under a safe name', async () => {
    const { bin, photosDir, filesDir, blobs, call, node } = setUp();
    const picked = await call('photos_pick', { limit: 2 });
    expect(picked.outcome).toBe('ok');
    const photos = (picked.result.structuredContent as { photos: { name: string; fileId: string; size: number; takenAt: string }[] }).photos;
    expect(photos.map((p) => [p.name, p.takenAt])).toEqual([
      ['lake.jpg', '2026-11-01T10:00:00+01:00'],
      ['hill.jpg', '2026-10-01T10:00:00+01:00'],
    ]);
    const stored = blobs.get(context.app, photos[0]!.fileId);
    expect(Buffer.from(stored!.bytes).equals(readFileSync(join(photosDir, 'lake.jpg')))).toBe(true);

    const printed = await call('print_print', { fileId: photos[0]!.fileId });
    expect(printed.result.structuredContent).toEqual({ printed: true });
    expect(recordedCalls(bin.root, 'lp')).toEqual([['-t', 'document.jpg']]);
    expect(readFileSync(join(bin.bin, 'lp.job')).equals(readFileSync(join(photosDir, 'lake.jpg')))).toBe(true);

    const saved = await call('files_save', { name: '../Lake.jpg', fileId: photos[0]!.fileId });
    expect(saved.result.structuredContent).toEqual({ saved: true });
    expect(readdirSync(filesDir)).toEqual(['_.-Lake.jpg']);
    node.close();
  });

  it('opens a folder file into app files, lists with a cursor, refuses a foreign cursor, schedules a notification', async () => {
    const { filesDir, dataDir, blobs, call, node } = setUp();
    writeFileSync(
      join(filesDir, 'swatch.png'),
      encodePng(2, 2, () => [1, 2, 3]),
    );
    const opened = await call('files_open', { accept: ['image/*'] });
    const [file] = (opened.result.structuredContent as { files: { name: string; mimeType: string; fileId: string }[] }).files;
    expect([file!.name, file!.mimeType]).toEqual(['swatch.png', 'image/png']);
    expect(blobs.get(context.app, file!.fileId)?.name).toBe('swatch.png');

    const first = await call('photos_list', { limit: 1 });
    const cursor = (first.result.structuredContent as { cursor: string }).cursor;
    const second = await call('photos_list', { limit: 1, cursor });
    expect((second.result.structuredContent as { photos: { name: string }[]; cursor: null }).photos.map((p) => p.name)).toEqual(['hill.jpg']);
    expect((await call('photos_list', { cursor: 'not-ours' })).result).toMatchObject({ isError: true, content: [{ text: 'invalidCursor' }] });
    expect((await call('photos_get', { id: 'lake.jpg' })).result).toMatchObject({ isError: true, content: [{ text: 'notFound' }] });

    const posted = await call('notifications_post', { id: 'due-1', title: 'Page due', at: '2099-01-01T09:00:00Z', screen: 'page' });
    expect(posted.result.structuredContent).toEqual({ id: 'due-1' });
    const state = JSON.parse(readFileSync(join(dataDir, 'notifications.json'), 'utf8')) as { pending: { id: string; tap: unknown }[] };
    expect(state.pending).toEqual([
      {
        id: 'acme.album/due-1',
        title: 'Page due',
        body: null,
        at: '2099-01-01T09:00:00Z',
        tap: { type: 'notificationTap', app: 'acme.album', screen: 'page', params: {} },
      },
    ]);
    expect((await call('notifications_cancel', { id: 'due-1' })).result.structuredContent).toEqual({ cancelled: true });
    node.close();
  });
});
