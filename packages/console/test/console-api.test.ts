import { afterEach, describe, expect, it } from 'vitest';
import type { StoredAuditRow } from '@xcap/audit';
import { tempDir } from '@xcap/test-support';
import { auditMinutes } from '../src/audit-minutes.js';
import { startConsoleServer, type ConsoleServer } from '../src/console-server.js';
import { consoleFetch, signIn } from './console-client.js';
import { fileStores } from './file-stores.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

const at = (iso: string, status: StoredAuditRow['status'], id: number): StoredAuditRow => ({
  id,
  at: iso,
  appId: 'acme.album',
  clientId: 'run-1',
  tool: id % 2 === 0 ? 'photos__list' : 'files__open',
  status,
  error: null,
  argsHash: 'h',
  durationMs: 1,
  replayed: false,
});

describe('the console API (xcap console mode, in process)', () => {
  it('answers grants, tokens, audit and minutes; refuses what is not signed in, not same-origin, not JSON or too big', async () => {
    const dir = tempDir();
    const now = Date.now();
    const rows = [
      at(new Date(now).toISOString(), 'denied', 3),
      at(new Date(now - 90_000).toISOString(), 'ok', 2),
      at(new Date(now - 7_200_000).toISOString(), 'ok', 1),
    ];
    const given = fileStores(dir, rows);
    await given.grants.set('acme.album', 'photos.read', 'denied');
    const server: ConsoleServer = await startConsoleServer({
      mode: 'console',
      stores: given,
      isAppId: (value) => /^[a-z][a-z.]*$/.test(value),
      log: () => undefined,
    });
    closers.push(() => server.close());
    const { origin, host } = new URL(server.url);

    expect((await consoleFetch(`${origin}/login`)).status).toBe(403);
    expect((await consoleFetch(`${origin}/api/grants`, { headers: { Host: host } })).json()).toEqual({ error: 'not signed in' });
    expect((await consoleFetch(`${origin}/api/grants`, { headers: { Host: host, Cookie: `xcap_console_${new URL(origin).port}=forged` } })).status).toBe(401);
    expect((await consoleFetch(`${origin}/`, { headers: { Host: `127.0.0.1:${Number(new URL(origin).port) + 1}` } })).status).toBe(421);
    const session = await signIn(server.loginUrl);
    expect((await consoleFetch(`${origin}/api/state`, { headers: { ...session.headers, Host: `localhost:${new URL(origin).port}` } })).status).toBe(200);
    expect((await session.get('/nothing')).status).toBe(404);
    expect((await session.get('/api/nothing')).status).toBe(404);
    expect((await session.get('/api/photos/a/b')).status).toBe(404);

    expect((await session.get('/api/grants')).json()).toEqual({ grants: [{ app: 'acme.album', scope: 'photos.read', answer: 'denied' }] });
    expect((await session.post('/api/grants/revoke', { app: '../x', scope: 'photos.read' })).status).toBe(400);
    expect((await session.post('/api/grants/revoke', ['acme.album'])).status).toBe(400);
    expect(
      (await session.post('/api/grants/revoke', { app: 'acme.album', scope: 'photos.read' }, { 'Content-Type': 'application/json; charset=utf-8' })).status,
    ).toBe(200);
    expect(await given.grants.all()).toEqual({});

    expect((await session.post('/api/tokens/add', { name: 'no spaces allowed' })).status).toBe(400);
    const added = (await session.post('/api/tokens/add', { name: 'laptop' })).json<{ token: string }>();
    expect(await given.tokens.verify(added.token)).toEqual({ name: 'laptop' });
    const listed = (await session.get('/api/tokens')).json<{ tokens: { name: string; createdAt: string }[] }>();
    expect(listed.tokens.map((token) => token.name)).toEqual(['laptop']);
    expect(Number.isNaN(Date.parse(listed.tokens[0]?.createdAt ?? ''))).toBe(false);
    expect((await session.post('/api/tokens/revoke', { name: 'phone' })).status).toBe(409);
    expect((await session.post('/api/tokens/revoke', {})).status).toBe(400);
    expect((await session.post('/api/tokens/revoke', { name: 'laptop' })).json()).toEqual({ ok: true });
    expect(await given.tokens.verify(added.token)).toBeNull();

    expect((await session.get('/api/audit')).json<{ rows: StoredAuditRow[] }>().rows.map((row) => row.id)).toEqual([3, 2, 1]);
    expect((await session.get('/api/audit?tool=photos__list&limit=1&app=')).json<{ rows: StoredAuditRow[] }>().rows.map((row) => row.id)).toEqual([2]);
    expect((await session.get('/api/audit?limit=0')).status).toBe(400);
    expect((await session.get('/api/audit?limit=x')).status).toBe(400);
    const minutes = (await session.get('/api/audit/minutes')).json<{ minutes: { counts: Record<string, number> }[] }>().minutes;
    expect(minutes.at(-1)?.counts).toEqual({ denied: 1 });
    expect(minutes.reduce((sum, minute) => sum + Object.values(minute.counts).reduce((a, b) => a + b, 0), 0)).toBe(2);

    // Every change needs POST, the console's own Origin, JSON, a small body; none of these changed anything.
    await given.grants.set('acme.album', 'photos.read', 'granted');
    const revoke = JSON.stringify({ app: 'acme.album', scope: 'photos.read' });
    const headers = { ...session.headers, 'Content-Type': 'application/json' };
    const tries = [
      await consoleFetch(`${origin}/api/grants/revoke`, { headers: session.headers }),
      await consoleFetch(`${origin}/api/grants/revoke`, {
        method: 'POST',
        headers: { ...headers, Origin: `http://localhost:${new URL(origin).port}` },
        body: revoke,
      }),
      await consoleFetch(`${origin}/api/grants/revoke`, { method: 'POST', headers: { ...headers, Origin: 'null' }, body: revoke }),
      await consoleFetch(`${origin}/api/grants/revoke`, {
        method: 'POST',
        headers: { ...headers, Origin: origin, 'Content-Type': 'text/plain' },
        body: revoke,
      }),
      await consoleFetch(`${origin}/api/grants/revoke`, { method: 'POST', headers: { ...headers, Origin: origin }, body: '{not json' }),
      await consoleFetch(`${origin}/api/grants/revoke`, {
        method: 'POST',
        headers: { ...headers, Origin: origin },
        body: `{"pad":"${'x'.repeat(16 * 1024)}"}`,
      }),
      await consoleFetch(`${origin}/api/grants/revoke`, { method: 'PUT', headers: { ...headers, Origin: origin }, body: revoke }),
      await session.post('/api/answer', { id: 'x', answer: { reply: 'allow' } }),
    ];
    expect(tries.map((reply) => reply.status)).toEqual([405, 403, 403, 415, 400, 413, 405, 409]);
    expect(await given.grants.all()).toEqual({ 'acme.album': { 'photos.read': 'granted' } });
    expect((await session.get('/')).body.toString()).toMatch(/<script type="module"[^>]* src="\/assets\/console\.js">/);
  });
});

describe('auditMinutes', () => {
  it('counts rows per status in each of the last minutes, oldest first, and leaves out older and unparsable rows', () => {
    const now = Date.UTC(2026, 11, 2, 4, 30, 30);
    const minutes = auditMinutes(
      [
        { at: '2026-12-02T04:30:01.000Z', status: 'ok' },
        { at: '2026-12-02T04:30:59.000Z', status: 'ok' },
        { at: '2026-12-02T04:28:00.000Z', status: 'denied' },
        { at: '2026-12-02T04:27:59.999Z', status: 'denied' },
        { at: 'not a time', status: 'ok' },
      ],
      now,
      3,
    );
    expect(minutes).toEqual([
      { minute: '2026-12-02T04:28:00.000Z', counts: { denied: 1 } },
      { minute: '2026-12-02T04:29:00.000Z', counts: {} },
      { minute: '2026-12-02T04:30:00.000Z', counts: { ok: 2 } },
    ]);
  });
});
