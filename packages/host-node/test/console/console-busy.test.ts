/**
 * Issue 33 row 4: the console bounds pending requests per agent. A picker
 * refused for that bound fails its call (isError, audited) — never the empty
 * choice of a person's Cancel — and another agent's picker is still shown.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MemoryAuditSink } from '@xcap/audit';
import type { NativeContext } from '@xcap/catalog';
import { ConsoleRequests } from '@xcap/console';
import { tempDir } from '@xcap/test-support';
import { consolePhotoPicker } from '../../src/console/console-photo-picker.js';
import { createNodeHost } from '../../src/create-node-host.js';
import { createPhotosProvider } from '../../src/providers/photos-provider.js';
import { jpegWithExif } from '../providers/jpeg-with-exif.js';

const manifest = { id: 'acme.album', screens: ['albums'], capabilities: [{ id: 'photos.read', why: 'Pick photos.' }] };

/** Waits (real time, at most 2 s) until `requests` holds `n` pending. */
async function pendingCount(requests: ConsoleRequests, n: number): Promise<void> {
  for (let i = 0; i < 400 && requests.pending().length < n; i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(requests.pending()).toHaveLength(n);
}

/** A native context of the agent `client` (the consent contract's `NativeContext.client`). */
const of = (client: string): NativeContext => ({ signal: new AbortController().signal, deadline: Infinity, agent: null, client });

describe('33/4: console requests bounded per agent', () => {
  it('through the call path: an agent with 16 pickers waiting gets isError for the 17th, with its audit row', async () => {
    const photos = tempDir();
    writeFileSync(join(photos, 'lake.jpg'), jpegWithExif({ dateTimeOriginal: '2026:11:01 10:00:00' }));
    const requests = new ConsoleRequests({ log: () => undefined });
    const audit = new MemoryAuditSink();
    const host = await createNodeHost({
      manifest,
      dataDir: join(tempDir(), 'data'),
      photosDir: photos,
      foreground: true,
      audit,
      timeoutMs: 60_000,
      providerOptions: { photoPicker: consolePhotoPicker(requests, 'acme.album') },
    });
    try {
      await host.grants.set('acme.album', 'photos.read', 'granted');
      const call = () => host.callPath.call({ from: 'agent', name: 'photos__pick', arguments: { limit: 1 }, foreground: true, client: 'run-1' });
      const waiting = Array.from({ length: 16 }, call);
      await pendingCount(requests, 16);
      const refused = await call();
      expect(refused.kind === 'result' && refused.result).toMatchObject({
        isError: true,
        content: [{ type: 'text', text: expect.stringContaining('pickerFailed: busy: 16 requests of this agent are already waiting') }],
      });
      expect(refused.outcome).toBe('isError');
      expect(refused.audit).toMatchObject({ clientId: 'run-1', tool: 'photos__pick', status: 'failed' });
      expect(audit.rows.map((row) => [row.clientId, row.tool, row.status])).toEqual([['run-1', 'photos__pick', 'failed']]);
      requests.close();
      const ended = await Promise.all(waiting);
      expect(ended.map((answer) => answer.kind === 'result' && answer.result.isError === undefined)).toEqual(Array(16).fill(true));
      expect(audit.rows).toHaveLength(17);
    } finally {
      requests.close();
      await host.close();
    }
  });

  it('per agent: token:flood fills its 16 and its 17th fails; token:other’s picker is still shown and answered', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'lake.jpg'), jpegWithExif({ dateTimeOriginal: '2026:11:01 10:00:00' }));
    const lines: string[] = [];
    const requests = new ConsoleRequests({ log: (line) => lines.push(line) });
    const provider = createPhotosProvider({ dir, picker: consolePhotoPicker(requests, 'acme.album') });
    const flood = Array.from({ length: 16 }, () => provider.pick({ limit: 1 }, of('token:flood')));
    await pendingCount(requests, 16);
    expect(await provider.pick({ limit: 1 }, of('token:flood'))).toEqual({
      isError: 'pickerFailed: busy: 16 requests of this agent are already waiting in the console; answer or cancel one first',
    });
    expect(lines).toEqual(['xcap console: agent "token:flood" has 16 requests waiting already; its photos request of acme.album was refused at once']);
    const other = provider.pick({ limit: 1 }, of('token:other'));
    await pendingCount(requests, 17);
    const shown = requests.pending().at(-1);
    const photoId = (shown as { photos: { id: string }[] } | undefined)?.photos[0]?.id;
    expect(requests.answer(shown?.id, { photoIds: [photoId] })).toEqual({ ok: true });
    expect(await other).toMatchObject({ structuredContent: { photos: [{ id: photoId }] } });
    requests.close();
    expect((await Promise.all(flood)).map((answer) => answer)).toEqual(Array(16).fill({ structuredContent: { photos: [] } }));
  });
});
