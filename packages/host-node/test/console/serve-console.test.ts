import { readdir, readFile, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { connectAgent, requireBuilt, runXcap, workspace, type Agent } from '../e2e/xcap-process.js';
import { consoleFetch, sessionOf, signIn, waitForPending, type ConsoleSession } from '../../../console/test/console-client.js';

// Child processes (xcap serve, the SDK client): the shared 20 s is too short on a loaded 2-core machine.
vi.setConfig({ testTimeout: 90_000 });

beforeAll(requireBuilt);

const xssWhy = '<img src=x onerror=alert(1)>';
const manifest = {
  id: 'acme.album',
  screens: ['albums'],
  capabilities: [
    { id: 'photos.read', why: xssWhy },
    { id: 'files.read', why: 'Open your CSV.' },
    { id: 'files.write', why: 'Save the album.' },
    { id: 'print.pdf', why: 'Print it.' },
  ],
};

async function loginUrlOf(agent: Agent): Promise<string> {
  const deadline = Date.now() + 10_000;
  let match: RegExpExecArray | null = null;
  while ((match = /xcap serve: console at (http:\/\/127\.0\.0\.1:\d+\/login\?secret=[A-Za-z0-9_-]{43})\n/.exec(agent.stderr())) === null) {
    if (Date.now() > deadline) throw new Error(`no console line: ${agent.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return match[1] ?? '';
}

async function answer(session: ConsoleSession, id: string, value: unknown) {
  return session.post('/api/answer', { id, answer: value });
}

describe.each(['legacy', 'modern'] as const)(
  'xcap serve --foreground --consent console, the official v2 client over stdio without elicitation, %s era',
  (era) => {
    it('signs in, guards every door, answers sheets and pickers from the console, one audit row per call', async () => {
      const ws = await workspace(manifest, 'xcap-console-');
      const files = join(ws.root, 'files');
      await mkdir(files);
      await writeFile(join(files, 'notes.csv'), 'a,b\n1,2\n');
      await writeFile(join(files, 'keep.txt'), 'keep me');
      const agent = await connectAgent(
        ['--manifest', ws.manifest, '--data', ws.data, '--photos', ws.photos, '--files', files, '--foreground', '--consent', 'console'],
        { era },
      );
      expect(agent.client.getProtocolEra()).toBe(era);
      expect(agent.elicited).toEqual([]);
      const loginUrl = await loginUrlOf(agent);
      expect(agent.stderr().match(/xcap serve: console at /g)).toHaveLength(1);
      const { origin, host } = new URL(loginUrl);

      // The doors: a foreign Host, a wrong secret, no session.
      const rebound = await consoleFetch(`${origin}/`, { headers: { Host: `evil.example:${new URL(origin).port}` } });
      expect(rebound.status).toBe(421);
      expect(rebound.headers['content-type']).toMatch(/^text\/plain/);
      const wrong = await consoleFetch(`${origin}/login?secret=${'A'.repeat(43)}`);
      expect(wrong.status).toBe(403);
      expect(wrong.headers['set-cookie']).toBeUndefined();
      const anonymous = await consoleFetch(`${origin}/`, { headers: { Host: host } });
      expect(anonymous.status).toBe(200);
      expect(anonymous.body.toString()).toContain('xcap serve: console at');
      expect(anonymous.body.toString()).not.toContain('/assets/console.js');
      expect((await consoleFetch(`${origin}/api/state`, { headers: { Host: host } })).status).toBe(401);

      const login = await consoleFetch(loginUrl);
      // The page itself (not a redirect): its session token and photo key in the document, never in a cookie (issue 33, row 2).
      expect(login.status).toBe(200);
      expect(sessionOf(login).token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(login.headers['set-cookie']?.[0]).toMatch(
        new RegExp(`^xcap_console_${new URL(origin).port}=[A-Za-z0-9_-]{43}; HttpOnly; SameSite=Strict; Path=/$`),
      );
      expect(login.headers['content-security-policy']).toBe("default-src 'self'; script-src 'self'; object-src 'none'; frame-ancestors 'none'");
      expect(login.headers['x-content-type-options']).toBe('nosniff');
      expect(login.headers['referrer-policy']).toBe('no-referrer');
      const session = await signIn(loginUrl);
      const shell = await session.get('/');
      expect(shell.body.toString()).toContain('/assets/console.js');
      const state = (await session.get('/api/state')).json();
      expect(state).toEqual({ mode: 'serve', app: 'acme.album', pending: [] });
      expect((await session.get('/api/state')).headers['cache-control']).toBe('no-store');

      // Allow: a consent sheet waits; refused answers change nothing; the right one runs the call and stores granted.
      const listing = agent.client.callTool({ name: 'photos__list', arguments: {} });
      const sheet = await waitForPending(session, 'consent');
      expect(sheet).toMatchObject({ app: 'acme.album', scope: 'photos.read', title: 'Photos', why: xssWhy });
      expect(typeof sheet.text).toBe('string');
      // expiresAt is the call path's deadline (its clock when the sheet opened + 600 s, the console's default consent timeout), stamped just before the card's createdAt.
      const waits = Date.parse(String(sheet.expiresAt)) - Date.parse(String(sheet.createdAt));
      expect(waits).toBeGreaterThan(599_000);
      expect(waits).toBeLessThanOrEqual(600_000);
      // The line and the pending request leave the child at once, on two channels (stderr, HTTP): wait for the line.
      await vi.waitFor(() => expect(agent.stderr()).toContain(`xcap serve: a request is waiting in the console at ${origin}/\n`), { timeout: 5_000 });
      const body = JSON.stringify({ id: sheet.id, answer: { reply: 'allow' } });
      const json = { 'Content-Type': 'application/json' };
      const refused = [
        await consoleFetch(`${origin}/api/answer`, { method: 'POST', headers: { ...json, Host: host, Origin: origin }, body }),
        await consoleFetch(`${origin}/api/answer`, { method: 'POST', headers: { ...json, ...session.headers }, body }),
        await consoleFetch(`${origin}/api/answer`, {
          method: 'POST',
          headers: { ...json, ...session.headers, Origin: 'http://evil.example' },
          body,
        }),
        await consoleFetch(`${origin}/api/answer`, { method: 'GET', headers: { ...session.headers, Origin: origin } }),
        await consoleFetch(`${origin}/api/answer`, {
          method: 'POST',
          headers: { ...session.headers, Origin: origin, 'Content-Type': 'text/plain' },
          body,
        }),
        await session.post('/api/answer', { id: sheet.id, answer: { photoIds: [] } }),
        await session.post('/api/answer', { id: 'not-a-pending-id', answer: { reply: 'allow' } }),
        await session.post('/api/answer', { id: sheet.id, answer: { reply: 'allow' }, pad: 'x'.repeat(17 * 1024) }),
      ];
      expect(refused.map((reply) => reply.status)).toEqual([401, 403, 403, 405, 415, 400, 409, 413]);
      expect((await waitForPending(session, 'consent')).id).toBe(sheet.id);
      expect((await answer(session, sheet.id, { reply: 'allow' })).json()).toEqual({ ok: true });
      expect((await answer(session, sheet.id, { reply: 'deny' })).status).toBe(409);
      const listed = await listing;
      expect(listed.isError).toBeFalsy();
      const photos = (listed.structuredContent as { photos: { id: string; name: string }[] }).photos;
      expect((await session.get('/api/grants')).json()).toEqual({ grants: [{ app: 'acme.album', scope: 'photos.read', answer: 'granted' }] });

      // The photo picker: thumbnails of this request's photos only; Choose answers exactly the two chosen.
      const picking = agent.client.callTool({ name: 'photos__pick', arguments: { limit: 2 } });
      const picker = await waitForPending(session, 'photos');
      const offered = picker.photos as { id: string; name: string; takenAt: string | null }[];
      expect(picker.limit).toBe(2);
      expect(offered.map((photo) => photo.name)).toEqual(photos.map((photo) => photo.name));
      const thumb = await session.get(`/api/photos/${picker.id}/${offered[1]?.id ?? ''}`);
      expect(thumb.status).toBe(200);
      expect(thumb.headers['content-type']).toBe('image/png');
      expect(thumb.body.equals(await readFile(join(ws.photos, offered[1]?.name ?? '')))).toBe(true);
      expect((await session.get(`/api/photos/${sheet.id}/${offered[1]?.id ?? ''}`)).status).toBe(404);
      expect((await session.get(`/api/photos/${picker.id}/ph-${'0'.repeat(32)}`)).status).toBe(404);
      expect((await consoleFetch(`${origin}/api/photos/${picker.id}/${offered[1]?.id ?? ''}`, { headers: { Host: host } })).status).toBe(401);
      expect((await answer(session, picker.id, { photoIds: offered.map((photo) => photo.id) })).status).toBe(400);
      const chosen = [offered[2]?.id ?? '', offered[0]?.id ?? ''];
      expect((await answer(session, picker.id, { photoIds: chosen })).status).toBe(200);
      const picked = (await picking).structuredContent as { photos: { name: string; fileId: string }[] };
      expect(picked.photos.map((photo) => photo.name)).toEqual([offered[2]?.name, offered[0]?.name]);
      expect((await session.get(`/api/photos/${picker.id}/${offered[1]?.id ?? ''}`)).status).toBe(404);

      // Cancel on the picker: no photos.
      const cancelling = agent.client.callTool({ name: 'photos__pick', arguments: { limit: 1 } });
      await answer(session, (await waitForPending(session, 'photos')).id, { photoIds: [] });
      expect(((await cancelling).structuredContent as { photos: unknown[] }).photos).toEqual([]);

      // The open picker: the folder's files that fit accept; one named file.
      const opening = agent.client.callTool({ name: 'files__open', arguments: { accept: ['.csv'] } });
      const open = await waitForPending(session, 'open');
      expect(open).toMatchObject({ multiple: false, accept: ['.csv'], files: [{ name: 'notes.csv', size: 8 }] });
      expect((await answer(session, open.id, { names: ['keep.txt'] })).status).toBe(400);
      expect((await answer(session, open.id, { names: ['notes.csv'] })).status).toBe(200);
      expect(((await opening).structuredContent as { files: { name: string }[] }).files.map((file) => file.name)).toEqual(['notes.csv']);

      // The save dialog: under the typed name, never over a file, never outside the folder.
      const saveAs = async (name: string) => {
        const saving = agent.client.callTool({ name: 'files__save', arguments: { name: 'album.txt', text: `saved as ${name}` } });
        const save = await waitForPending(session, 'save');
        expect(save).toMatchObject({ suggestedName: 'album.txt', size: `saved as ${name}`.length });
        expect((await answer(session, save.id, { name })).status).toBe(200);
        expect((await saving).structuredContent).toEqual({ saved: true });
      };
      await saveAs('keep.txt');
      await saveAs('../escape.txt');
      expect(await readFile(join(files, 'keep.txt'), 'utf8')).toBe('keep me');
      expect(await readFile(join(files, 'keep (2).txt'), 'utf8')).toBe('saved as keep.txt');
      expect((await readdir(files)).sort()).toEqual(['_.-escape.txt', 'keep (2).txt', 'keep.txt', 'notes.csv']);
      expect(await readdir(ws.root)).not.toContain('escape.txt');

      // Don't allow, after a revoke from the console: denied is stored and the call answers consentDenied.
      expect((await session.post('/api/grants/revoke', { app: 'acme.album', scope: 'photos.read' })).status).toBe(200);
      expect((await session.get('/api/grants')).json()).toEqual({ grants: [] });
      const denying = agent.client.callTool({ name: 'photos__list', arguments: {} });
      await answer(session, (await waitForPending(session, 'consent')).id, { reply: 'deny' });
      expect((await denying).content).toEqual([{ type: 'text', text: 'denied: consentDenied' }]);
      expect((await session.get('/api/grants')).json()).toEqual({ grants: [{ app: 'acme.album', scope: 'photos.read', answer: 'denied' }] });

      // One audit row per call, with its real outcome, in the console as in xcap audit.
      await agent.client.close();
      const audit = await runXcap(['audit', '--json', '--data', ws.data]);
      const rows = JSON.parse(audit.stdout) as { tool: string; status: string }[];
      expect(rows.map((row) => `${row.tool} ${row.status}`).reverse()).toEqual([
        'photos__list ok',
        'photos__pick ok',
        'photos__pick ok',
        'files__open ok',
        'files__save ok',
        'files__save ok',
        'photos__list denied',
      ]);
    });
  },
);
