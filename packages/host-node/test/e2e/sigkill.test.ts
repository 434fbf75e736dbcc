import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { decodeBase64 } from '@xcap/bridge';
import { samplePhotos } from '@xcap/host-testing';
import { dataPaths, FileBlobStore, SqliteAuditSink } from '@xcap/store-local';
import { connectAgent, requireBuilt, runXcap, workspace } from './xcap-process.js';

// Child processes (xcap serve, SDK clients, providers): the shared 20 s is too short on a loaded 2-core machine.
vi.setConfig({ testTimeout: 60_000 });

beforeAll(requireBuilt);

const rounds = 4;
const workers = 4;

describe('SIGKILL of xcap serve in the middle of a stream of calls, again and again', () => {
  it('after each restart every acknowledged row, grant and file is there, and no file is half-written', async () => {
    const ws = await workspace();
    const paths = dataPaths(ws.data);
    const sampleBytes = samplePhotos().map((p) => Buffer.from(decodeBase64(p.data) ?? new Uint8Array()));
    const acknowledged: { runId: string; fileId: string; size: number }[] = [];
    const runIds: string[] = [];

    for (let round = 0; round < rounds; round++) {
      // Undecided again; the first call of the run asks through elicitation and the person allows: the server writes the grant.
      expect((await runXcap(['revoke', 'acme.album', 'photos.read', '--data', ws.data])).code).toBe(0);
      const agent = await connectAgent(['--manifest', ws.manifest, '--data', ws.data, '--photos', ws.photos, '--foreground', '--consent', 'elicit'], {
        elicit: () => ({ action: 'accept', content: { answer: 'allow' } }),
      });
      runIds.push(agent.runId);
      const pid = agent.transport.pid;
      if (pid === null) throw new Error('xcap serve has no pid');
      const killAfter = 12 + round * 9;
      let acks = 0;
      let killed = false;
      const kill = () => {
        if (killed) return;
        killed = true;
        process.kill(pid, 'SIGKILL');
      };
      const worker = async () => {
        while (!killed) {
          try {
            const result = await agent.client.callTool({ name: 'photos__pick', arguments: { limit: 1 } });
            const photo = (result.structuredContent as { photos: { fileId: string; size: number }[] }).photos[0];
            if (photo === undefined) throw new Error(`no photo in ${JSON.stringify(result)}`);
            acknowledged.push({ runId: agent.runId, fileId: photo.fileId, size: photo.size });
            if (++acks >= killAfter) kill();
          } catch (error) {
            if (killed) return;
            throw error;
          }
        }
      };
      await Promise.all(Array.from({ length: workers }, worker));
      await new Promise<void>((resolve) => {
        const check = () => {
          try {
            process.kill(pid, 0);
            setTimeout(check, 20);
          } catch {
            resolve();
          }
        };
        check();
      });
      await agent.client.close().catch(() => undefined);

      // The grant the server wrote before answering is on disk, and consent.json parses.
      const grants = await runXcap(['grants', '--json', '--data', ws.data]);
      expect(grants.code).toBe(0);
      expect(JSON.parse(grants.stdout)).toEqual({ 'acme.album': { 'photos.read': 'granted' } });
      expect(JSON.parse(await readFile(paths.consent, 'utf8'))).toEqual({ 'acme.album': { 'photos.read': 'granted' } });

      // Every acknowledged call of every run so far has its row.
      const sink = new SqliteAuditSink(paths.audit);
      const rows = sink.query({ limit: 1_000_000 });
      sink.close();
      for (const runId of runIds) {
        const acked = acknowledged.filter((a) => a.runId === runId).length;
        const okRows = rows.filter((r) => r.clientId === runId && r.status === 'ok' && r.tool === 'photos__pick').length;
        expect(okRows).toBeGreaterThanOrEqual(acked);
      }

      // Every acknowledged file is whole; every file the store lists is a whole sample photo.
      const blobs = new FileBlobStore(paths.files);
      for (const ack of acknowledged) {
        const blob = await blobs.get('acme.album', ack.fileId);
        expect(blob?.bytes.length).toBe(ack.size);
      }
      const listed = await blobs.list('acme.album');
      expect(listed.length).toBeGreaterThanOrEqual(acknowledged.length);
      for (const file of listed) {
        const blob = await blobs.get('acme.album', file.fileId);
        expect(blob).toBeDefined();
        expect(sampleBytes.some((bytes) => bytes.equals(Buffer.from(blob?.bytes ?? new Uint8Array())))).toBe(true);
      }
    }
    expect(acknowledged.length).toBeGreaterThanOrEqual(rounds * 12);
    // Nothing else appeared in the data directory (no stray half-written files beside the stores).
    const top = (await readdir(paths.dir)).filter((name) => !name.startsWith('audit.sqlite') && !name.startsWith('consent.json'));
    expect(top.sort()).toEqual(['files']);
    // One app folder. A killed put may leave the store's lock (`files/.lock`) or a lock it was making (`.lock.<pid>.<nonce>`): the next writer takes the lock over and sweeps those (their pid is dead), as for consent.json's lock above.
    expect((await readdir(join(paths.files))).filter((name) => name !== '.lock' && !name.startsWith('.lock.'))).toHaveLength(1);
  });
});
