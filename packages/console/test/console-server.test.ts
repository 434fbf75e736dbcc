import { request } from 'node:http';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditQuery, StoredAuditRow } from '@xcap/audit';
import { FileGrantStore, FileTokenStore } from '@xcap/store-local';
import { tempDir } from '@xcap/test-support';
import { consoleLimits } from '../src/console-contract.js';
import { ConsoleRequests } from '../src/console-requests.js';
import { startConsoleServer, type ConsolePhoto, type ConsoleServer, type ConsoleServerOptions } from '../src/console-server.js';
import { observedGrants } from '../src/observed-grants.js';
import { askConsent, askPhotos } from './asks.js';
import { consoleFetch, signIn, type ConsoleSession } from './console-client.js';

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

async function started(more: Partial<ConsoleServerOptions> = {}) {
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
    isAppId: (value) => /^[a-z][a-z.]*$/.test(value),
    assetsDir: assets,
    auditPollMs: 20,
    maxStreams: 2,
    ...more,
  });
  changed.grants = () => server.grantsChanged();
  servers.push(server);
  return { server, requests, rows, grants: observed, session: await signIn(server.loginUrl) };
}

/** Opens `GET /api/events` and collects its frames. */
function events(session: ConsoleSession): Promise<{ status: number; frames: string[]; close(): void }> {
  const url = new URL('/api/events', session.origin);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: url.pathname, headers: session.headers }, (res) => {
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

  it('streams pending on connect and on every change, why a request ended (before the list without it), new audit rows, grant changes; at most maxStreams', async () => {
    const { session, requests, rows, grants } = await started();
    const stream = await events(session);
    expect(stream.status).toBe(200);
    await until(() => stream.frames.length >= 1);
    expect(stream.frames[0]).toBe('event: pending\ndata: []');
    const second = await events(session);
    const third = await events(session);
    expect([second.status, third.status]).toEqual([200, 429]);
    second.close();

    const reply = askConsent(requests);
    await until(() => stream.frames.some((frame) => frame.startsWith('event: pending\ndata: [{')));
    const pending = JSON.parse(stream.frames.at(-1)?.split('data: ')[1] ?? '[]') as { id: string; why: unknown }[];
    expect(pending[0]?.why).toBe('<b>why</b>');
    expect((await session.post('/api/answer', { id: pending[0]?.id, answer: { reply: 'allow' } })).status).toBe(200);
    await reply;
    await until(() => stream.frames.at(-1) === 'event: pending\ndata: []');
    expect(stream.frames.at(-2)).toBe(`event: ended\ndata: ${JSON.stringify({ id: pending[0]?.id, why: 'answered' })}`);

    rows.push(row(2, 'denied'));
    await until(() => stream.frames.some((frame) => frame.startsWith('event: audit')));
    expect(
      stream.frames.filter((frame) => frame.startsWith('event: audit')).map((frame) => (JSON.parse(frame.split('data: ')[1] ?? '') as StoredAuditRow).id),
    ).toEqual([2]);

    await grants.set('acme.album', 'photos.read', 'granted');
    await until(() => stream.frames.includes('event: grants\ndata: {}'));
    stream.close();
  });

  it(`keeps ${consoleLimits.maxSessions} sessions: the next sign-in forgets the oldest`, async () => {
    const { server, session } = await started();
    expect(consoleLimits.maxSessions).toBe(64);
    const second = await signIn(server.loginUrl);
    for (let i = 2; i < 64; i++) await signIn(server.loginUrl);
    expect((await session.get('/api/state')).status).toBe(200);
    await signIn(server.loginUrl);
    expect((await session.get('/api/state')).status).toBe(401);
    expect((await second.get('/api/state')).status).toBe(200);
  });

  it('answers 413 to a chunked POST over 16 KiB and changes nothing; exactly 16 KiB goes through', async () => {
    const { session } = await started();
    const body = (name: string, size: number) => {
      const head = `{"name":"${name}","pad":"`;
      return `${head}${'x'.repeat(size - head.length - 2)}"}`;
    };
    const over = await chunkedPost(session, '/api/tokens/add', body('over', consoleLimits.maxBodyBytes + 1));
    expect([over.status, over.text]).toEqual([413, JSON.stringify({ error: 'a body of at most 16384 bytes' })]);
    expect((await session.get('/api/tokens')).json()).toEqual({ tokens: [] });
    const exact = await chunkedPost(session, '/api/tokens/add', body('exact', consoleLimits.maxBodyBytes));
    expect(exact.status).toBe(200);
    expect((await session.get('/api/tokens')).json<{ tokens: { name: string }[] }>().tokens.map((token) => token.name)).toEqual(['exact']);
  });

  it('answers 421 to a foreign Host and 403 to a change without the console’s own Origin (the shared guards)', async () => {
    const { server, session } = await started();
    expect((await consoleFetch(`${server.url}api/state`, { headers: { ...session.headers, Host: `127.0.0.1:${server.port + 1}` } })).status).toBe(421);
    expect((await consoleFetch(`${server.url}api/state`, { headers: { ...session.headers, Host: `localhost:${server.port}` } })).status).toBe(200);
    for (const origin of [`http://127.0.0.1:${server.port + 1}`, `https://127.0.0.1:${server.port}`, 'null', 'http://evil.test'])
      expect((await session.post('/api/tokens/add', { name: 'x' }, { Origin: origin })).status).toBe(403);
    expect((await session.get('/api/tokens')).json()).toEqual({ tokens: [] });
  });

  it('closes a connection that sends no byte, or no complete headers, in time (the connection guard)', async () => {
    const { server } = await started({ firstByteTimeoutMs: 100, firstHeadersTimeoutMs: 300 });
    const silent = await openSocket(server.port);
    const slow = await openSocket(server.port);
    slow.socket.write('GET /api/state HTTP/1.1\r\nHost: 127.0.0.1');
    await silent.closed;
    expect(slow.socket.destroyed).toBe(false);
    await slow.closed;
    expect(slow.received).toBe('');
  });

  it('past maxConnections closes the oldest connection without a session, never a signed-in one', async () => {
    const { server, session } = await started({ maxConnections: 2 });
    const signedIn = await openSocket(server.port);
    signedIn.socket.write(`GET /api/state HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nX-Xcap-Session: ${session.token}\r\n\r\n`);
    await until(() => signedIn.received.includes('"mode":"serve"'));
    const idle = await openSocket(server.port);
    idle.socket.write('G');
    const third = await openSocket(server.port);
    await idle.closed;
    expect(signedIn.socket.destroyed).toBe(false);
    third.socket.destroy();
    signedIn.socket.destroy();
  });

  it('serves a pending photo through readPhoto (its type, 413 past the bound, 404 without readPhoto, for a photo not of the request or a malformed %-escape)', async () => {
    const reads: [string, number][] = [];
    const answers: Readonly<Record<string, ConsolePhoto>> = {
      '/photos/a.png': { bytes: new Uint8Array([1, 2, 3]), type: 'image/png' },
      '/photos/big.jpg': { refused: 'tooLarge' },
      '/photos/notes.txt': { refused: 'notAPhoto' },
    };
    const readPhoto = (path: string, maxBytes: number) => {
      reads.push([path, maxBytes]);
      return Promise.resolve<ConsolePhoto>(answers[path] ?? { refused: 'notFound' });
    };
    const { session, requests } = await started({ readPhoto });
    void askPhotos(
      requests,
      [
        { id: 'a', path: '/photos/a.png' },
        { id: 'big', path: '/photos/big.jpg' },
        { id: 'txt', path: '/photos/notes.txt' },
      ],
      1,
    );
    const id = requests.pending()[0]?.id ?? '';
    const photo = await session.get(`/api/photos/${id}/a`);
    expect([photo.status, photo.headers['content-type'], [...photo.body]]).toEqual([200, 'image/png', [1, 2, 3]]);
    expect((await session.get(`/api/photos/${id}/big`)).status).toBe(413);
    expect((await session.get(`/api/photos/${id}/txt`)).json()).toEqual({ error: 'not a photo' });
    expect((await session.get(`/api/photos/${id}/other`)).status).toBe(404);
    expect(reads).toEqual([
      ['/photos/a.png', consoleLimits.maxPhotoBytes],
      ['/photos/big.jpg', consoleLimits.maxPhotoBytes],
      ['/photos/notes.txt', consoleLimits.maxPhotoBytes],
    ]);
    for (const bad of [`${id}/%E0%A4%A`, `%zz/a`, `${id}/%`, `%C0%AF/a`]) {
      const malformed = await session.get(`/api/photos/${bad}`);
      expect([bad, malformed.status, malformed.json()]).toEqual([bad, 404, { error: 'no such photo of a pending request' }]);
    }
    requests.close();
    const without = await started();
    void askPhotos(without.requests, [{ id: 'a', path: '/photos/a.png' }], 1);
    expect((await without.session.get(`/api/photos/${without.requests.pending()[0]?.id ?? ''}/a`)).status).toBe(404);
    without.requests.close();
  });
});

/** A POST of `text` sent in 4 KiB chunks with `Transfer-Encoding: chunked` (no Content-Length), as the page's session sends it otherwise. */
function chunkedPost(session: ConsoleSession, path: string, text: string): Promise<{ status: number; text: string }> {
  const url = new URL(path, session.origin);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: { ...session.headers, Origin: session.origin, 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: body }));
      },
    );
    req.on('error', reject);
    for (let at = 0; at < text.length; at += 4096) req.write(text.slice(at, at + 4096));
    req.end();
  });
}

/** A raw TCP connection to the console: what it received and when it closed. */
async function openSocket(port: number): Promise<{ socket: ReturnType<typeof connect>; closed: Promise<void>; readonly received: string }> {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const state = { socket, received: '', closed: new Promise<void>((resolve) => socket.once('close', () => resolve())) };
  socket.setEncoding('utf8').on('data', (chunk: string) => (state.received += chunk));
  socket.on('error', () => undefined);
  return state;
}
