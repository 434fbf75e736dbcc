import { readFile } from 'node:fs/promises';
import type { Client } from '@modelcontextprotocol/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { dataPaths, FileBlobStore, FileGrantStore, FileTokenStore, tokenFilePath } from '@xcap/store-local';
import { auditRows, httpAgent, httpWorkspace, workspaceArgs } from '../http/http-workspace.js';
import { killServe, spawnHttpServe, type HttpServeProcess } from './http-process.js';
import { requireBuilt } from './xcap-process.js';

// Child processes (xcap serve, SDK clients, providers): the shared 20 s is too short on a loaded 2-core machine.
vi.setConfig({ testTimeout: 60_000 });

beforeAll(requireBuilt);

const rounds = 4;
const agentsPerRound = 4;

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step().catch(() => undefined);
});

interface Answered {
  readonly token: string;
  readonly status: 'ok' | 'denied';
  readonly fileId?: string;
  readonly size?: number;
}

describe('SIGKILL of xcap serve --http in the middle of calls from several agents, again and again', () => {
  it('after each restart every answered call has its row, every acknowledged grant and file is there', async () => {
    const ws = await httpWorkspace();
    cleanup.push(() => ws.remove());
    const paths = dataPaths(ws.data);
    const grants = new FileGrantStore(paths.consent);
    const tokens = new FileTokenStore(tokenFilePath(ws.data));
    const answered: Answered[] = [];
    let grantAcknowledged = false;

    for (let round = 0; round < rounds; round++) {
      // Undecided again: the first modern call of the round is asked (input_required) and the person allows, so the server writes the grant mid-stream.
      await grants.delete('acme.album', 'photos.read');
      grantAcknowledged = false;
      const serve: HttpServeProcess = await spawnHttpServe([...workspaceArgs(ws), '--foreground', '--consent', 'elicit', '--http', '127.0.0.1:0']);
      cleanup.push(() => killServe(serve));
      const agents: { token: string; client: Client }[] = [];
      for (let index = 0; index < agentsPerRound; index++) {
        const token = `r${round}-a${index}`;
        const era = index % 2 === 0 ? 'modern' : 'legacy';
        const client = await httpAgent(serve.url, await tokens.add(token), era, () => ({ action: 'accept', content: { answer: 'allow' } }));
        cleanup.push(() => client.close());
        agents.push({ token, client });
      }
      const killAfter = 8 + Math.floor(Math.random() * 30);
      let killed = false;
      const kill = () => {
        if (killed) return;
        killed = true;
        serve.child.kill('SIGKILL');
      };
      const worker = async ({ token, client }: { token: string; client: Client }) => {
        while (!killed) {
          try {
            const result = await client.callTool({ name: 'photos__pick', arguments: { limit: 1 } });
            if (result.isError === true) {
              answered.push({ token, status: 'denied' });
            } else {
              const photo = (result.structuredContent as { photos: { fileId: string; size: number }[] }).photos[0];
              if (photo === undefined) throw new Error(`no photo in ${JSON.stringify(result)}`);
              answered.push({ token, status: 'ok', fileId: photo.fileId, size: photo.size });
              grantAcknowledged = true;
            }
            if (answered.length >= killAfter + round * 40) kill();
          } catch (error) {
            if (killed) return;
            throw error;
          }
        }
      };
      const timer = setTimeout(kill, 4_000);
      await Promise.all(agents.map(worker));
      clearTimeout(timer);
      await serve.exited;

      // The grant written before an ok answer is on disk; consent.json parses.
      if (grantAcknowledged) expect(JSON.parse(await readFile(paths.consent, 'utf8'))).toEqual({ 'acme.album': { 'photos.read': 'granted' } });
      // Every answered call has its row, naming its token, with the status it answered.
      const rows = auditRows(ws.data);
      for (const { token } of agents) {
        for (const status of ['ok', 'denied'] as const) {
          const acked = answered.filter((a) => a.token === token && a.status === status).length;
          const stored = rows.filter((row) => row.clientId === `token:${token}` && row.status === status && row.tool === 'photos__pick').length;
          expect(stored, `${token} ${status}`).toBeGreaterThanOrEqual(acked);
        }
      }
      // Every acknowledged file is whole.
      const blobs = new FileBlobStore(paths.files);
      for (const ack of answered.filter((a) => a.fileId !== undefined)) {
        const blob = await blobs.get('acme.album', ack.fileId as string);
        expect(blob?.bytes.length).toBe(ack.size);
      }
    }
    expect(answered.filter((a) => a.status === 'ok').length).toBeGreaterThanOrEqual(rounds * 4);
    // One last start on the killed data: it serves again.
    await grants.set('acme.album', 'photos.read', 'granted');
    const last = await spawnHttpServe(['--manifest', ws.manifest, '--data', ws.data, '--photos', ws.photos, '--http', '127.0.0.1:0']);
    cleanup.push(() => killServe(last));
    const agent = await httpAgent(last.url, await tokens.add('after'), 'modern');
    cleanup.push(() => agent.close());
    expect((await agent.callTool({ name: 'photos__list', arguments: {} })).isError).toBeFalsy();
  });
});
