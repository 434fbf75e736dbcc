/**
 * `xcap serve --providers-command "python3 examples/python-provider/…"`
 * end to end: the official MCP v2 client (both eras) lists the provider's
 * capabilities as tools, calls every one of them, gets the bridge's answers
 * (photos stored as app files, the app's own notification id), and the
 * audit log holds exactly one row per call.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { photoFolder, type PhotoFolder } from './photo-folder.js';
import { pythonProvider, repoRoot } from './repo-paths.js';
import { requireBuilt, runNode, xcapBin } from './xcap-cli.js';

// Child processes (xcap serve, SDK clients, providers): the shared 20 s is too short on a loaded 2-core machine.
vi.setConfig({ testTimeout: 60_000 });

interface AuditRow {
  readonly clientId: string;
  readonly tool: string;
  readonly status: string;
  readonly error: string | null;
}

let folder: PhotoFolder;

beforeAll(async () => {
  folder = await photoFolder();
  requireBuilt('host-node');
});

afterAll(async () => {
  await rm(folder.dir, { recursive: true, force: true });
});

describe.each(['legacy', 'modern'] as const)('xcap serve --providers-command with the Python reference provider, %s era', (era) => {
  it('serves photos and notifications to the official MCP client, one audit row per call', async () => {
    const root = await mkdtemp(join(tmpdir(), 'xcap-examples-serve-'));
    onTestFinished(() => rm(root, { recursive: true, force: true }));
    const data = join(root, 'data');
    const manifest = join(root, 'app.json');
    await writeFile(
      manifest,
      JSON.stringify({
        id: 'acme.album',
        screens: ['albums'],
        capabilities: [
          { id: 'photos.read', why: 'Pick photos.' },
          { id: 'notifications.post', why: 'Say when the album is ready.' },
        ],
      }),
    );
    const client = new Client(
      { name: 'examples-check', version: '1.0.0' },
      era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' as const } } } : {},
    );
    let stderr = '';
    try {
      for (const scope of ['photos.read', 'notifications.post']) expect((await runNode(xcapBin, ['grant', 'acme.album', scope, '--data', data])).code).toBe(0);
      const command = `python3 '${join(repoRoot, pythonProvider)}' --photos '${folder.dir}'`;
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: [xcapBin, 'serve', '--manifest', manifest, '--data', data, '--providers-command', command],
        stderr: 'pipe',
        env: { NODE_OPTIONS: '' },
      });
      transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      await client.connect(transport);
      expect(client.getProtocolEra()).toBe(era);

      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(['notifications__cancel', 'notifications__post', 'photos__get', 'photos__list', 'photos__pick']);

      const first = await client.callTool({ name: 'photos__list', arguments: { limit: 2 } });
      const page1 = first.structuredContent as { photos: { id: string; name: string }[]; cursor: string | null };
      expect(page1.photos.map((p) => p.name)).toEqual(['Harbour.jpg', 'Sunset.png']);
      const second = await client.callTool({ name: 'photos__list', arguments: { limit: 10, cursor: page1.cursor ?? '' } });
      const page2 = second.structuredContent as { photos: { id: string; name: string }[]; cursor: string | null };
      expect(page2.photos.map((p) => p.name)).toEqual(['Forest walk.png', 'Lake at dawn.png', 'Old town.JPEG']);
      expect(page2.cursor).toBeNull();

      const got = await client.callTool({ name: 'photos__get', arguments: { id: page1.photos[0]!.id } });
      const photo = (got.structuredContent as { photo: { name: string; mimeType: string; takenAt: string | null; size: number; fileId: string } }).photo;
      expect(photo).toMatchObject({
        name: 'Harbour.jpg',
        mimeType: 'image/jpeg',
        takenAt: '2026-07-20T09:30:00+02:00',
        size: folder.photos.find((p) => p.name === 'Harbour.jpg')!.bytes.length,
      });
      expect(photo.fileId.length).toBeGreaterThan(0);

      const picked = await client.callTool({ name: 'photos__pick', arguments: { limit: 2 } });
      const pickedPhotos = (picked.structuredContent as { photos: { id: string; fileId: string; size: number }[] }).photos;
      expect(pickedPhotos.map((p) => p.id)).toEqual(page1.photos.map((p) => p.id));

      const missing = await client.callTool({ name: 'photos__get', arguments: { id: 'ph-00000000000000000000000000000000' } });
      expect(missing.isError).toBe(true);
      expect(missing.content).toEqual([{ type: 'text', text: 'notFound' }]);

      const posted = await client.callTool({ name: 'notifications__post', arguments: { title: 'Album ready', screen: 'albums' } });
      const notificationId = (posted.structuredContent as { id: string }).id;
      expect(notificationId).toMatch(/^n-[0-9a-f]{32}$/);
      const cancelled = await client.callTool({ name: 'notifications__cancel', arguments: { id: notificationId } });
      expect(cancelled.structuredContent).toEqual({ cancelled: true });
      // The provider saw the app-scoped id the bridge mapped, and its log reached the host's stderr (its own pipe: it may trail the answer).
      const shown = `notification shown: acme.album/${notificationId}`;
      const deadline = Date.now() + 5_000;
      while (!stderr.includes(shown) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(stderr).toContain(shown);
    } finally {
      await client.close();
    }

    const run = /run (run-\S+),/.exec(stderr)?.[1];
    expect(run, stderr).toBeDefined();
    const audit = await runNode(xcapBin, ['audit', '--json', '--limit', '1000', '--data', data]);
    expect(audit.code, audit.stderr).toBe(0);
    const rows = (JSON.parse(audit.stdout) as AuditRow[]).reverse();
    expect(rows.map((r) => [r.clientId, r.tool, r.status, r.error])).toEqual([
      [run, 'photos__list', 'ok', null],
      [run, 'photos__list', 'ok', null],
      [run, 'photos__get', 'ok', null],
      [run, 'photos__pick', 'ok', null],
      [run, 'photos__get', 'failed', null],
      [run, 'notifications__post', 'ok', null],
      [run, 'notifications__cancel', 'ok', null],
    ]);
  });
});
