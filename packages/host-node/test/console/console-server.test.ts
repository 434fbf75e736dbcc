import { request } from 'node:http';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditQuery, StoredAuditRow } from '@xcap/audit';
import { FileGrantStore, FileTokenStore } from '@xcap/store-local';
import { tempDir } from '@xcap/test-support';
import { consoleConsentUi } from '../../src/console/console-consent-ui.js';
import { ConsoleRequests } from '../../src/console/console-requests.js';
import { startConsoleServer, type ConsoleServer } from '../../src/console/console-server.js';
import { observedGrants } from '../../src/console/observed-grants.js';
import { signIn, type ConsoleSession } from './console-client.js';

const servers: ConsoleServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

const row = (id: number, status: StoredAuditRow['status'] = 'ok'): StoredAuditRow => ({
  id,
  at: new Date().toISOString(),
  appId: 'acme.album',
  clientId: 'run-1',
  tool: 'photos__list',
  status,
  error: null,
  argsHash: 'h',
  durationMs: 1,
  replayed: false,
});

async function started() {
  const dir = tempDir();
  const assets = join(dir, 'page');
  mkdirSync(assets);
  writeFileSync(join(assets, 'index.html'), '<!doctype html><title>the built shell</title>');
  writeFileSync(join(assets, 'console.js'), 'export {};');
  writeFileSync(join(assets, 'notes.txt'), 'not an asset');
  writeFileSync(join(dir, 'outside.js'), 'outside');
  symlinkSync(join(dir, 'outside.js'), join(assets, 'linked.js'));
  const rows: StoredAuditRow[] = [row(1)];
  const requests = new ConsoleRequests();
  const grants = new FileGrantStore(join(dir, 'consent.json'));
  const changed = { grants: (): void => undefined };
  const observed = observedGrants(grants, () => changed.grants());
  const server = await startConsoleServer({
    mode: 'serve',
    app: 'acme.album',
    requests,
    stores: {
      grants: observed,
      tokens: new FileTokenStore(join(dir, 'tokens.json')),
      auditRows: (filter: AuditQuery) =>
        Promise.resolve(
          rows
            .filter((r) => filter.status === undefined || r.status === filter.status)
            .slice()
            .reverse(),
        ),
    },
    assetsDir: assets,
    auditPollMs: 20,
    maxStreams: 2,
  });
  changed.grants = () => server.grantsChanged();
  servers.push(server);
  return { server, requests, rows, grants: observed, session: await signIn(server.loginUrl) };
}

/** Opens `GET /api/events` and collects its frames. */
function events(session: ConsoleSession): Promise<{ status: number; frames: string[]; close(): void }> {
  const url = new URL('/api/events', session.origin);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: url.pathname, headers: { Host: url.host, Cookie: session.cookie } }, (res) => {
      const frames: string[] = [];
      let text = '';
      res.setEncoding('utf8').on('data', (chunk: string) => {
        text += chunk;
        let end;
        while ((end = text.indexOf('\n\n')) >= 0) {
          frames.push(text.slice(0, end));
          text = text.slice(end + 2);
        }
      });
      resolve({ status: res.statusCode ?? 0, frames, close: () => req.destroy() });
    });
    req.on('error', reject);
    req.end();
  });
}

async function until(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('startConsoleServer', () => {
  it('serves the built shell and only allowed asset names of its folder (no links, no other files)', async () => {
    const { session } = await started();
    expect((await session.get('/')).body.toString()).toBe('<!doctype html><title>the built shell</title>');
    const script = await session.get('/assets/console.js');
    expect([script.status, script.headers['content-type'], script.body.toString()]).toEqual([200, 'text/javascript; charset=utf-8', 'export {};']);
    for (const path of ['/assets/notes.txt', '/assets/linked.js', '/assets/..%2Foutside.js', '/assets/../outside.js', '/assets/missing.css'])
      expect((await session.get(path)).status).toBe(404);
  });

  it('streams pending on connect and on every change, new audit rows, grant changes; at most maxStreams', async () => {
    const { session, requests, rows, grants } = await started();
    const stream = await events(session);
    expect(stream.status).toBe(200);
    await until(() => stream.frames.length >= 1);
    expect(stream.frames[0]).toBe('event: pending\ndata: []');
    const second = await events(session);
    const third = await events(session);
    expect([second.status, third.status]).toEqual([200, 429]);
    second.close();

    const reply = Promise.resolve(
      consoleConsentUi(requests, { capabilities: [] })({
        app: 'acme.album',
        scope: 'photos.read',
        sheet: { title: 'T', text: 'x' },
        verdict: {} as never,
        argsHash: 'h',
        ...{ signal: new AbortController().signal, deadline: Infinity },
      }),
    );
    await until(() => stream.frames.some((frame) => frame.startsWith('event: pending\ndata: [{')));
    const pending = JSON.parse(stream.frames.at(-1)?.split('data: ')[1] ?? '[]') as { id: string; why: unknown }[];
    expect(pending[0]?.why).toBeNull();
    expect((await session.post('/api/answer', { id: pending[0]?.id, answer: { reply: 'allow' } })).status).toBe(200);
    await reply;
    await until(() => stream.frames.at(-1) === 'event: pending\ndata: []');

    rows.push(row(2, 'denied'));
    await until(() => stream.frames.some((frame) => frame.startsWith('event: audit')));
    expect(
      stream.frames.filter((frame) => frame.startsWith('event: audit')).map((frame) => (JSON.parse(frame.split('data: ')[1] ?? '') as StoredAuditRow).id),
    ).toEqual([2]);

    await grants.set('acme.album', 'photos.read', 'granted');
    await until(() => stream.frames.includes('event: grants\ndata: {}'));
    stream.close();
  });
});
