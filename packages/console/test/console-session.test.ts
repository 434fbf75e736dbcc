import { spawn, spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileGrantStore, FileTokenStore } from '@xcap/store-local';
import { launchChromium, type LaunchedChromium } from '@xcap/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleSession } from '../src/console-contract.js';
import { consolePageDir } from '../src/console-page-dir.js';
import { ConsoleRequests } from '../src/console-requests.js';
import { startConsoleServer, type ConsolePhoto, type ConsoleServer } from '../src/console-server.js';
import { askConsent, askPhotos } from './asks.js';
import { consoleFetch, sessionOf, signIn } from './console-client.js';

// Issue 33, row 2: cookies are per host, not per port, so a server another local user runs on another port of
// 127.0.0.1 gets the console's cookie. A cookie alone must never authorize, and a planted one must never lock out.

let server: ConsoleServer;
const logged: string[] = [];
let photoFails = false;
const requests = new ConsoleRequests();
const dir = mkdtempSync(join(tmpdir(), 'xcap-console-session-'));
const tokens = new FileTokenStore(join(dir, 'tokens.json'));
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);

beforeAll(async () => {
  const page = join(consolePageDir(), 'console.js');
  if (!existsSync(page)) throw new Error(`${page} is missing: build the page first (npm run build in packages/console, or nx build)`);
  server = await startConsoleServer({
    mode: 'serve',
    app: 'acme.album',
    requests,
    stores: { grants: new FileGrantStore(join(dir, 'consent.json')), tokens, auditRows: () => Promise.resolve([]) },
    isAppId: () => true,
    readPhoto: () => (photoFails ? Promise.reject(new Error('the disk failed')) : Promise.resolve<ConsolePhoto>({ bytes: png, type: 'image/png' })),
    log: (line) => logged.push(line),
  });
});

afterAll(async () => {
  requests.close();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** `value` with its last character changed (a 32-byte base64url value ends in one of 16 characters, 'A' among them). */
const altered = (value: string) => `${value.slice(0, -1)}${value.endsWith('A') ? 'E' : 'A'}`;

describe('the console session: a cookie alone never authorizes', () => {
  it('answers 401 to every API request, the event stream and a thumbnail that carry the cookie alone, and changes nothing', async () => {
    const session = await signIn(server.loginUrl);
    const { host, origin } = new URL(server.url);
    void askPhotos(requests, [{ id: 'a', path: '/photos/a.png' }], 1);
    const picker = requests.pending()[0]?.id ?? '';
    const cookieOnly = { Host: host, Cookie: session.cookie };
    const json = { ...cookieOnly, Origin: origin, 'Content-Type': 'application/json' };
    const replayed = [
      await consoleFetch(`${origin}/api/state`, { headers: cookieOnly }),
      await consoleFetch(`${origin}/api/events`, { headers: cookieOnly }),
      await consoleFetch(`${origin}/api/tokens`, { headers: cookieOnly }),
      await consoleFetch(`${origin}/api/audit`, { headers: cookieOnly }),
      await consoleFetch(`${origin}/api/photos/${picker}/a`, { headers: cookieOnly }),
      await consoleFetch(`${origin}/api/tokens/add`, { method: 'POST', headers: json, body: JSON.stringify({ name: 'stolen' }) }),
      await consoleFetch(`${origin}/api/answer`, { method: 'POST', headers: json, body: JSON.stringify({ id: picker, answer: { photoIds: ['a'] } }) }),
      // The token in a cookie, the photo key as the token, another session's token with a forged value: no.
      await consoleFetch(`${origin}/api/state`, { headers: { Host: host, Cookie: `${consoleSession.tokenMeta}=${session.token}` } }),
      await consoleFetch(`${origin}/api/state`, { headers: { Host: host, [consoleSession.header]: session.photoKey } }),
      await consoleFetch(`${origin}/api/state`, { headers: { Host: host, [consoleSession.header]: `${altered(session.token)}` } }),
      await consoleFetch(`${origin}/api/photos/${picker}/a?key=${altered(session.photoKey)}`, { headers: cookieOnly }),
    ];
    expect(replayed.map((reply) => reply.status)).toEqual(Array.from(replayed, () => 401));
    expect(await tokens.list()).toEqual([]);
    expect(requests.pending().map((pending) => pending.id)).toEqual([picker]);
    // What the page sends works: the token for the API, the photo key for a thumbnail (an <img> sends no header).
    expect((await session.get('/api/state')).status).toBe(200);
    const thumb = await consoleFetch(`${origin}/api/photos/${picker}/a?key=${session.photoKey}`, { headers: { Host: host } });
    expect([thumb.status, [...thumb.body]]).toEqual([200, [...png]]);
    expect((await session.post('/api/answer', { id: picker, answer: { photoIds: [] } })).status).toBe(200);
  });

  it('never gives the token to a cookie: GET / with the cookie is the bare shell, every cookie of the name is looked at', async () => {
    const session = await signIn(server.loginUrl);
    const { host, origin, port } = new URL(server.url);
    const planted = `xcap_console_${port}=planted`;
    for (const cookie of [session.cookie, `${planted}; ${session.cookie}`, `${session.cookie}; ${planted}`]) {
      const shell = await consoleFetch(`${origin}/`, { headers: { Host: host, Cookie: cookie } });
      expect(shell.body.toString()).toContain('/assets/console.js');
      expect(shell.body.toString()).not.toContain(session.token);
      expect(shell.body.toString()).not.toContain(consoleSession.tokenMeta);
    }
    expect((await consoleFetch(`${origin}/`, { headers: { Host: host, Cookie: planted } })).body.toString()).not.toContain('/assets/console.js');
  });

  it('logs a failed request by its path only: no photo key (nor a secret) from its query reaches the log', async () => {
    const session = await signIn(server.loginUrl);
    void askPhotos(requests, [{ id: 'a', path: '/photos/a.png' }], 1);
    const picker = requests.pending().at(-1)?.id ?? '';
    photoFails = true;
    try {
      const failed = await consoleFetch(`${server.url}api/photos/${picker}/a?key=${session.photoKey}`, { headers: { Host: new URL(server.url).host } });
      expect(failed.status).toBe(500);
    } finally {
      photoFails = false;
    }
    expect(logged).toEqual([`xcap console: GET /api/photos/${picker}/a: the disk failed`]);
    expect(await session.post('/api/answer', { id: picker, answer: { photoIds: [] } })).toMatchObject({ status: 200 });
  });

  it('signs in by POST /login with the secret as a form field (what --console-open posts); anything else is 403', async () => {
    const { host, origin } = new URL(server.url);
    const form = { Host: host, Origin: 'null', 'Content-Type': 'application/x-www-form-urlencoded' };
    const posted = sessionOf(await consoleFetch(`${origin}/login`, { method: 'POST', headers: form, body: `secret=${server.secret}` }));
    expect((await consoleFetch(`${origin}/api/state`, { headers: { Host: host, [consoleSession.header]: posted.token } })).status).toBe(200);
    const refused = [
      await consoleFetch(`${origin}/login`, { method: 'POST', headers: form, body: `secret=${'A'.repeat(43)}` }),
      await consoleFetch(`${origin}/login`, { method: 'POST', headers: { ...form, 'Content-Type': 'application/json' }, body: `secret=${server.secret}` }),
      await consoleFetch(`${origin}/login`, { method: 'POST', headers: form, body: `pad=${'x'.repeat(1024)}&secret=${server.secret}` }),
      await consoleFetch(`${origin}/login`, { method: 'POST', headers: form }),
    ];
    expect(refused.map((reply) => [reply.status, reply.headers['set-cookie']])).toEqual(Array.from(refused, () => [403, undefined]));
  });
});

describe('the console session in Chromium, with a server on another port of 127.0.0.1', () => {
  let browser: LaunchedChromium;
  let other: Server;
  const received: string[] = [];
  let otherOrigin = '';

  beforeAll(async () => {
    browser = await launchChromium();
    // Another local user's server: it plants cookies for the console's name and collects what the browser sends it.
    other = createServer((req, res) => {
      received.push(req.headers.cookie ?? '');
      const name = `xcap_console_${server.port}`;
      res.writeHead(200, {
        'Content-Type': 'text/html',
        ...(req.url === '/plant' ? { 'Set-Cookie': [`${name}=planted; Path=/`, `${name}=planted-api; Path=/api`, `${name}=planted-login; Path=/login`] } : {}),
      });
      res.end('<!doctype html><title>other</title>');
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const address = other.address();
    otherOrigin = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => other?.close(() => resolve()));
  });

  it('a planted cookie never locks the person out: signing in with the URL works; the cookies the other port gets open nothing', async () => {
    const tab = await browser.context.newPage();
    const errors: string[] = [];
    tab.on('pageerror', (error) => errors.push(error.message));
    await tab.goto(`${otherOrigin}/plant`);
    await tab.goto(server.loginUrl);
    await tab.locator('body[data-ready="true"]').waitFor({ timeout: 10_000 });
    // The address no longer carries the secret, and the session's values left the document for sessionStorage.
    expect(tab.url()).toBe(server.url);
    expect(await tab.locator(`meta[name="${consoleSession.tokenMeta}"]`).count()).toBe(0);
    const reply = askConsent(requests);
    await tab.getByRole('button', { name: 'Always allow', exact: true }).click({ timeout: 10_000 });
    await expect(reply).resolves.toBe('allow');
    // A reload (the cookie planted under /api and the real one both go along) keeps the person in.
    await tab.reload();
    await tab.locator('body[data-ready="true"]').waitFor({ timeout: 10_000 });
    expect(await tab.locator('#status').textContent()).not.toMatch(/401|could not start/);
    // The browser hands the other port the console's cookie; replayed, it opens nothing.
    await tab.goto(`${otherOrigin}/steal`);
    const stolen = received.at(-1) ?? '';
    expect(stolen).toContain(`xcap_console_${server.port}=`);
    const { host, origin } = new URL(server.url);
    for (const url of [`${origin}/api/state`, `${origin}/api/tokens`, `${origin}/api/events`])
      expect((await consoleFetch(url, { headers: { Host: host, Cookie: stolen } })).status).toBe(401);
    const add = await consoleFetch(`${origin}/api/tokens/add`, {
      method: 'POST',
      headers: { Host: host, Cookie: stolen, Origin: origin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'stolen' }),
    });
    expect(add.status).toBe(401);
    expect(await tokens.list()).toEqual([]);
    expect(errors).toEqual([]);
    await tab.close();
  }, 60_000);
});

/** User nobody's uid and gid, or why a test cannot run as nobody here. */
const nobody = (() => {
  if (process.getuid?.() !== 0) return { skip: 'not running as root: cannot start a server as user nobody' };
  const uid = spawnSync('id', ['-u', 'nobody'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'nobody'], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0) return { skip: 'no user nobody on this machine' };
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
})();

/** Another local user's server (run as nobody): plants cookies at /plant, and at /steal replays what the browser sent it against the console. */
const otherUserServer = `
const http = require('node:http');
const consolePort = Number(process.argv[1]);
const name = 'xcap_console_' + consolePort;
const ask = (method, path, cookie, body) => new Promise((resolve) => {
  const req = http.request({ host: '127.0.0.1', port: consolePort, method, path, headers: { cookie, origin: 'http://127.0.0.1:' + consolePort, 'content-type': 'application/json' } }, (res) => { res.resume(); resolve(res.statusCode); });
  req.on('error', () => resolve(0));
  req.end(body);
});
const server = http.createServer(async (req, res) => {
  if (req.url === '/plant') res.setHeader('Set-Cookie', [name + '=planted; Path=/', name + '=planted-api; Path=/api']);
  if (req.url === '/steal') {
    const cookie = req.headers.cookie || '';
    const statuses = [await ask('GET', '/api/state', cookie), await ask('GET', '/api/tokens', cookie), await ask('GET', '/api/events', cookie),
      await ask('POST', '/api/tokens/add', cookie, JSON.stringify({ name: 'nobody' }))];
    process.stdout.write(JSON.stringify({ cookie, statuses }) + '\\n');
  }
  res.writeHead(200, { 'content-type': 'text/html' });
  res.end('<!doctype html><title>other user</title>');
});
server.listen(0, '127.0.0.1', () => process.stdout.write(JSON.stringify({ port: server.address().port }) + '\\n'));
`;

describe('the console session against a server user nobody runs on another port (as root only)', () => {
  it.skipIf('skip' in nobody)(
    `its planted cookies lock no one out and the cookie it receives opens nothing${'skip' in nobody ? ` (skipped: ${nobody.skip})` : ''}`,
    async () => {
      if ('skip' in nobody) return;
      const child = spawn(process.execPath, ['-e', otherUserServer, String(server.port)], {
        uid: nobody.uid,
        gid: nobody.gid,
        cwd: '/',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const lines: Record<string, unknown>[] = [];
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        for (let end; (end = text.indexOf('\n')) >= 0; text = text.slice(end + 1)) lines.push(JSON.parse(text.slice(0, end)) as Record<string, unknown>);
      });
      const browser = await launchChromium();
      try {
        const deadline = Date.now() + 10_000;
        while (lines.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
        const other = `http://127.0.0.1:${String(lines[0]?.['port'])}`;
        const tab = await browser.context.newPage();
        await tab.goto(`${other}/plant`);
        await tab.goto(server.loginUrl);
        await tab.locator('body[data-ready="true"]').waitFor({ timeout: 10_000 });
        const reply = askConsent(requests);
        await tab.getByRole('button', { name: 'Always allow', exact: true }).click({ timeout: 10_000 });
        await expect(reply).resolves.toBe('allow');
        await tab.goto(`${other}/steal`);
        while (lines.length < 2 && Date.now() < deadline + 10_000) await new Promise((resolve) => setTimeout(resolve, 20));
        expect(String(lines[1]?.['cookie'])).toContain(`xcap_console_${server.port}=`);
        expect(lines[1]?.['statuses']).toEqual([401, 401, 401, 401]);
        expect((await tokens.list()).map((token) => token.name)).not.toContain('nobody');
      } finally {
        await browser.close();
        child.kill();
      }
    },
    60_000,
  );
});
