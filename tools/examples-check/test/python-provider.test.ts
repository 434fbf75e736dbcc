/**
 * The Python reference provider (examples/python-provider) driven directly
 * over its stdio, as a host drives it: describe, every native tool of
 * photos and notifications with answers checked against the catalog's
 * nativeOutputSchema (ajv), the photo library checked against the Node
 * photos provider on the same folder, out-of-order answers, the JSON-RPC
 * errors, bounded lines and the exit at the end of stdin.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { createPhotosProvider } from '@xcap/host-node';
import { catalogFile, expectNativeOutput, nativeOutputValidators } from './native-schemas.js';
import { photoFolder, type PhotoFolder } from './photo-folder.js';
import { ProviderProcess } from './provider-process.js';
import { pythonProvider, repoRoot } from './repo-paths.js';

// Child processes (xcap serve, SDK clients, providers): the shared 20 s is too short on a loaded 2-core machine.
vi.setConfig({ testTimeout: 60_000 });

const validators = nativeOutputValidators();
const running: ProviderProcess[] = [];
let folder: PhotoFolder;

function start(args: readonly string[] = ['--photos', folder.dir], env: Record<string, string> = {}): ProviderProcess {
  const provider = new ProviderProcess('python3', [join(repoRoot, pythonProvider), ...args], env);
  running.push(provider);
  return provider;
}

/** The native tools the catalog gives a capability, sorted (what describe must list). */
function catalogTools(capability: string): string[] {
  const catalog = JSON.parse(readFileSync(catalogFile, 'utf8')) as { capabilities: { name: string; scopes: { tools: string[] }[] }[] };
  const entry = catalog.capabilities.find((c) => c.name === capability);
  return (entry?.scopes.flatMap((s) => s.tools) ?? []).sort();
}

const photoId = (name: string) => `ph-${createHash('sha256').update(name, 'utf8').digest('hex').slice(0, 32)}`;

beforeAll(async () => {
  folder = await photoFolder();
});

afterEach(() => {
  for (const provider of running.splice(0)) {
    provider.kill();
    expect(provider.strayLines, `stdout lines that are not protocol answers; stderr:\n${provider.stderr}`).toEqual([]);
  }
});

afterAll(async () => {
  await rm(folder.dir, { recursive: true, force: true });
});

describe('python reference provider: describe', () => {
  it('answers protocol version 1, its name and version, and exactly the catalog tools of photos and notifications', async () => {
    const provider = start();
    const answer = await provider.request('providers/describe', { protocolVersion: 1 });
    expect(answer.error).toBeUndefined();
    const result = answer.result as { protocolVersion: number; provider: { name: string; version: string }; capabilities: Record<string, string[]> };
    expect(result.protocolVersion).toBe(1);
    expect(typeof result.provider.name).toBe('string');
    expect(typeof result.provider.version).toBe('string');
    expect(Object.keys(result.capabilities).sort()).toEqual(['notifications', 'photos']);
    expect([...(result.capabilities.photos ?? [])].sort()).toEqual(catalogTools('photos'));
    expect([...(result.capabilities.notifications ?? [])].sort()).toEqual(catalogTools('notifications'));
  });

  it('without a photo folder describes notifications only', async () => {
    const provider = start([], { XCAP_PHOTOS_DIR: '' });
    const answer = await provider.request('providers/describe', { protocolVersion: 1 });
    expect(Object.keys((answer.result as { capabilities: object }).capabilities)).toEqual(['notifications']);
  });

  it('takes the folder from XCAP_PHOTOS_DIR too', async () => {
    const provider = start([], { XCAP_PHOTOS_DIR: folder.dir });
    const listed = await provider.call('photos', 'list', { limit: 100 });
    expect((listed.structuredContent as { photos: unknown[] }).photos).toHaveLength(folder.photos.length);
  });
});

describe('python reference provider: photos', () => {
  it('photos_list: every photo of the folder and nothing else, ids from the name hash, checked against nativeOutputSchema', async () => {
    const provider = start();
    const listed = await provider.call('photos', 'list', { limit: 50 });
    expectNativeOutput(validators, 'photos_list', listed.structuredContent);
    const { photos, cursor } = listed.structuredContent as {
      photos: { id: string; name: string; mimeType: string; takenAt: string | null }[];
      cursor: string | null;
    };
    expect(cursor).toBeNull();
    expect(photos.map((p) => p.name).sort()).toEqual(folder.photos.map((p) => p.name).sort());
    for (const photo of photos) {
      const file = folder.photos.find((p) => p.name === photo.name)!;
      expect(photo.id).toBe(photoId(photo.name));
      expect(photo.mimeType).toBe(file.mimeType);
    }
    expect(photos.find((p) => p.name === 'Harbour.jpg')?.takenAt).toBe('2026-07-20T09:30:00+02:00');
    expect(photos.filter((p) => p.mimeType === 'image/png').every((p) => p.takenAt === null)).toBe(true);
  });

  it('photos_list: the same pages, order, takenAt and cursors as the Node photos provider on the same folder (both in Asia/Kathmandu)', async () => {
    const zone = process.env.TZ;
    process.env.TZ = 'Asia/Kathmandu'; // +05:45: an EXIF date without an offset is read in the reader's zone
    onTestFinished(() => {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    });
    const provider = start(['--photos', folder.dir], { TZ: 'Asia/Kathmandu' });
    const node = createPhotosProvider({ dir: folder.dir, rescanMs: 0 });
    let pythonCursor: string | undefined;
    let nodeCursor: string | undefined;
    const seen: string[] = [];
    for (let page = 0; page < 10; page++) {
      const fromPython = await provider.call('photos', 'list', { limit: 2, ...(pythonCursor === undefined ? {} : { cursor: pythonCursor }) });
      const fromNode = await node.list({ limit: 2, ...(nodeCursor === undefined ? {} : { cursor: nodeCursor }) });
      expectNativeOutput(validators, 'photos_list', fromPython.structuredContent);
      expect(fromPython).toEqual(fromNode);
      const content = fromPython.structuredContent as { photos: { id: string }[]; cursor: string | null };
      seen.push(...content.photos.map((p) => p.id));
      if (content.cursor === null) break;
      pythonCursor = content.cursor;
      nodeCursor = content.cursor;
    }
    expect(seen).toEqual(['Harbour.jpg', 'Sunset.png', 'Forest walk.png', 'Lake at dawn.png', 'Old town.JPEG'].map(photoId));
    const oldTown = await provider.call('photos', 'get', { id: photoId('Old town.JPEG') });
    expect((oldTown.structuredContent as { photo: { takenAt: string } }).photo.takenAt).toBe('2025-12-31T23:59:59+05:45');
    expect(new Set(seen).size).toBe(folder.photos.length);
  });

  it('photos_list: a cursor it did not write answers isError invalidCursor', async () => {
    const provider = start();
    expect(await provider.call('photos', 'list', { limit: 5, cursor: 'page-2' })).toEqual({ isError: 'invalidCursor' });
  });

  it('photos_get: each photo with its exact bytes in base64; an unknown id is notFound', async () => {
    const provider = start();
    for (const file of folder.photos) {
      const got = await provider.call('photos', 'get', { id: photoId(file.name) });
      expectNativeOutput(validators, 'photos_get', got.structuredContent);
      const photo = (got.structuredContent as { photo: { id: string; name: string; data: string } }).photo;
      expect(photo.name).toBe(file.name);
      expect(Buffer.from(photo.data, 'base64').equals(file.bytes)).toBe(true);
    }
    expect(await provider.call('photos', 'get', { id: photoId('notes.txt') })).toEqual({ isError: 'notFound' });
    expect(await provider.call('photos', 'get', { id: '../notes.txt' })).toEqual({ isError: 'notFound' });
  });

  it('photos_get: a photo over --max-bytes answers isError tooLarge naming it', async () => {
    const provider = start(['--photos', folder.dir, '--max-bytes', '100']);
    const got = await provider.call('photos', 'get', { id: photoId('Sunset.png') });
    expect(got.isError).toMatch(/^tooLarge: Sunset\.png has \d+ bytes, at most 100 are read$/);
  });

  it('photos_pick: the newest `limit` photos with their bytes (no picker command)', async () => {
    const provider = start();
    const listed = (await provider.call('photos', 'list', { limit: 50 })).structuredContent as { photos: { id: string }[] };
    const picked = await provider.call('photos', 'pick', { limit: 2 });
    expectNativeOutput(validators, 'photos_pick', picked.structuredContent);
    const photos = (picked.structuredContent as { photos: { id: string; data: string }[] }).photos;
    expect(photos.map((p) => p.id)).toEqual(listed.photos.slice(0, 2).map((p) => p.id));
  });

  it('photos_pick: a picker command that cancels (prints nothing) answers an empty list; one that fails answers pickerFailed', async () => {
    const cancels = start(['--photos', folder.dir, '--picker-command', 'true']);
    expect(await cancels.call('photos', 'pick', { limit: 3 })).toEqual({ structuredContent: { photos: [] } });
    const fails = start(['--photos', folder.dir, '--picker-command', "sh -c 'echo no display >&2; exit 3'"]);
    expect(await fails.call('photos', 'pick', { limit: 3 })).toEqual({ isError: 'pickerFailed: the picker exited with code 3: no display' });
  });

  it('an unreadable photo folder answers isError unavailable naming the reason', async () => {
    const provider = start(['--photos', join(folder.dir, 'missing')]);
    const listed = await provider.call('photos', 'list', { limit: 1 });
    expect(listed.isError).toMatch(/^unavailable: the photo folder cannot be read \(.+\)$/);
  });
});

describe('python reference provider: notifications', () => {
  const post = (id: string, at: string | null = null) => ({
    id,
    title: 'Album ready',
    body: null,
    at,
    tap: { type: 'notificationTap', app: 'acme.album', screen: 'albums', params: {} },
  });

  it('post now, cancel (withdrawn: true), cancel again (false); every answer matches nativeOutputSchema', async () => {
    const provider = start();
    const posted = await provider.call('notifications', 'post', post('acme.album/n-1'));
    expectNativeOutput(validators, 'notifications_post', posted.structuredContent);
    expect(await provider.waitForStderr('notification shown: acme.album/n-1')).toContain('notification shown: acme.album/n-1');
    const cancelled = await provider.call('notifications', 'cancel', { id: 'acme.album/n-1' });
    expectNativeOutput(validators, 'notifications_cancel', cancelled.structuredContent);
    expect(cancelled).toEqual({ structuredContent: { cancelled: true } });
    expect(await provider.call('notifications', 'cancel', { id: 'acme.album/n-1' })).toEqual({ structuredContent: { cancelled: false } });
    expect(await provider.call('notifications', 'cancel', { id: 'other.app/n-1' })).toEqual({ structuredContent: { cancelled: false } });
  });

  it('a scheduled one is not shown before `at`, is cancellable, and is shown once due', async () => {
    const provider = start();
    expect(await provider.call('notifications', 'post', post('acme.album/later', '2999-01-01T00:00:00Z'))).toEqual({ structuredContent: {} });
    expect(provider.stderr).not.toContain('acme.album/later');
    expect(await provider.call('notifications', 'cancel', { id: 'acme.album/later' })).toEqual({ structuredContent: { cancelled: true } });
    const soon = new Date(Date.now() + 1_500).toISOString();
    expect(await provider.call('notifications', 'post', post('acme.album/soon', soon))).toEqual({ structuredContent: {} });
    expect(provider.stderr).not.toContain('acme.album/soon');
    expect(await provider.waitForStderr('notification shown: acme.album/soon')).toContain('notification shown: acme.album/soon');
  });

  it('an `at` it cannot read answers isError invalidTime', async () => {
    const provider = start();
    expect(await provider.call('notifications', 'post', post('acme.album/x', '2026-02-30T10:00:00Z'))).toEqual({
      isError: 'invalidTime: 2026-02-30T10:00:00Z',
    });
  });
});

describe('python reference provider: the protocol', () => {
  it('answers concurrent calls out of order: a slow pick does not hold up a list sent after it', async () => {
    const provider = start(['--photos', folder.dir, '--picker-command', "sh -c 'sleep 1; head -n 1 | cut -f1'"]);
    const pick = provider.send('providers/call', { capability: 'photos', tool: 'pick', input: { limit: 1 } });
    const list = provider.send('providers/call', { capability: 'photos', tool: 'list', input: { limit: 1 } });
    const listed = await provider.answer(list);
    expect(listed.result).toHaveProperty('structuredContent');
    const picked = await provider.answer(pick);
    expectNativeOutput(validators, 'photos_pick', (picked.result as { structuredContent: unknown }).structuredContent);
    expect(provider.arrival).toEqual([list, pick]);
  });

  it('a picker that never answers is stopped at --picker-timeout; other calls go on meanwhile', async () => {
    const provider = start(['--photos', folder.dir, '--picker-command', "sh -c 'sleep 30; echo never'", '--picker-timeout', '1']);
    const pick = provider.send('providers/call', { capability: 'photos', tool: 'pick', input: { limit: 1 } });
    expect((await provider.call('notifications', 'cancel', { id: 'a/b' })).structuredContent).toEqual({ cancelled: false });
    const picked = await provider.answer(pick, 5_000);
    expect((picked.result as { isError: string }).isError).toBe('pickerFailed: the picker did not answer within 1 s');
  });

  it('-32601 for an unknown method, -32602 for bad params, -32600 for a line over --max-line-bytes; it goes on answering', async () => {
    const provider = start(['--photos', folder.dir, '--max-line-bytes', '1000']);
    expect((await provider.request('providers/delete', {})).error?.code).toBe(-32601);
    expect((await provider.request('providers/describe', [1])).error?.code).toBe(-32602);
    expect((await provider.request('providers/describe', {})).error?.code).toBe(-32602);
    expect((await provider.request('providers/call', { capability: 'photos', tool: 'delete', input: {} })).error?.code).toBe(-32602);
    expect((await provider.request('providers/call', { capability: 'camera', tool: 'capture', input: {} })).error?.code).toBe(-32602);
    expect((await provider.request('providers/call', { capability: 'photos', tool: 'list', input: { limit: 'ten' } })).error?.code).toBe(-32602);
    expect((await provider.request('providers/call', { capability: 'notifications', tool: 'cancel', input: {} })).error?.code).toBe(-32602);
    expect((await provider.request('providers/call', { capability: 'photos', tool: 'get' })).error?.code).toBe(-32602);
    const long = await provider.request('providers/call', {
      capability: 'notifications',
      tool: 'post',
      input: { id: 'a/b', title: 'x'.repeat(2000), body: null, at: null, tap: null },
    });
    expect(long.error?.code).toBe(-32600);
    expect(await provider.waitForStderr('dropped a line longer than 1000 bytes')).toContain('dropped a line longer than 1000 bytes');
    expect((await provider.call('notifications', 'cancel', { id: 'a/b' })).structuredContent).toEqual({ cancelled: false });
  });

  it('ignores providers/cancel and other notifications, non-JSON lines and stray answers, and logs them to stderr only', async () => {
    const provider = start();
    provider.notify('providers/cancel', { id: 1 });
    provider.notify('providers/hello', {});
    provider.writeLine('this is not JSON');
    provider.writeLine(JSON.stringify({ jsonrpc: '2.0', id: 99, result: {} }));
    const answer = await provider.request('providers/describe', { protocolVersion: 1 });
    expect(answer.result).toHaveProperty('protocolVersion', 1);
    expect(provider.arrival).toEqual([answer.id]);
    expect(await provider.waitForStderr('ignored a line that is not JSON')).toContain('ignored the notification providers/hello');
  });

  it('exits 0 when stdin ends, after answering the call still in flight', async () => {
    const provider = start(['--photos', folder.dir, '--picker-command', "sh -c 'sleep 0.5; head -n 1 | cut -f1'"]);
    const pick = provider.send('providers/call', { capability: 'photos', tool: 'pick', input: { limit: 1 } });
    const exit = await provider.end();
    expect(exit).toBe(0);
    expect((await provider.answer(pick, 100)).result).toHaveProperty('structuredContent');
  });

  it('exits 0 at once when stdin ends with nothing in flight', async () => {
    const provider = start();
    const started = performance.now();
    expect(await provider.end()).toBe(0);
    expect(performance.now() - started).toBeLessThan(3_000);
  });
});
