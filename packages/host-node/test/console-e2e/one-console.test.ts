/** One console for every agent (issue 32): a running `xcap console --data DIR` takes the sheets and pickers of every `xcap serve --consent console` on DIR. */
import { spawn } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { childEnd } from '@xcap/test-support';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { signIn } from '../../../console/test/console-client.js';
import { requireBuilt, workspace, xcapBin } from '../e2e/xcap-process.js';
import { agentNamed, pendingCards, startConsole } from './one-console-processes.js';

vi.setConfig({ testTimeout: 90_000 });
beforeAll(requireBuilt);

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step().catch(() => undefined);
});

const serveArgs = (ws: { data: string; photos: string }, manifest: string) => ['--manifest', manifest, '--data', ws.data, '--photos', ws.photos];

describe('one console for every agent, on a data directory', () => {
  it('two xcap serve of two agents: both sheets and a picker are answered in one running xcap console, each gets its own answer', async () => {
    const ws = await workspace();
    cleanup.push(() => rm(ws.root, { recursive: true, force: true }));
    await mkdir(ws.data, { mode: 0o700 });
    const notes = join(ws.root, 'notes.json');
    await writeFile(notes, JSON.stringify({ id: 'acme.notes', screens: ['notes'], capabilities: [{ id: 'photos.read', why: 'Notes with photos.' }] }));
    const console = await startConsole(['--data', ws.data], cleanup);
    const session = await signIn(console.loginUrl);
    const [claude, goose] = await Promise.all([
      agentNamed('Claude Desktop', serveArgs(ws, ws.manifest), cleanup),
      agentNamed('Goose', serveArgs(ws, notes), cleanup),
    ]);
    const origin = new URL(console.loginUrl).origin;
    for (const agent of [claude, goose]) {
      expect(agent.stderr()).toContain(`xcap serve: answering in the running console at ${origin}/\n`);
      expect(agent.stderr()).not.toContain('secret');
      expect(agent.stderr()).not.toContain('xcap serve: console at');
    }

    const album = claude.client.callTool({ name: 'photos__list', arguments: {} });
    const notesCall = goose.client.callTool({ name: 'photos__list', arguments: {} });
    const cards = await pendingCards(session, 2);
    expect(cards.map((card) => `${card.kind} ${card.app}`).sort()).toEqual(['consent acme.album', 'consent acme.notes']);
    // Each card names its own agent, as its client introduced itself in initialize (over stdio there is no via).
    expect(cards.map((card) => [card.app, card.agent]).sort()).toEqual([
      ['acme.album', { name: 'Claude Desktop', version: '1.0.0', via: null }],
      ['acme.notes', { name: 'Goose', version: '1.0.0', via: null }],
    ]);
    const byApp = (app: string) => cards.find((card) => card.app === app)?.id;
    // The console checks an answer before it says ok: a wrong shape is refused there, and the sheet stays.
    expect((await session.post('/api/answer', { id: byApp('acme.notes'), answer: { reply: 'maybe' } })).status).toBe(400);
    expect((await session.post('/api/answer', { id: byApp('acme.notes'), answer: { reply: 'deny' } })).status).toBe(200);
    expect(await notesCall).toMatchObject({ isError: true, content: [{ type: 'text', text: 'denied: consentDenied' }] });
    expect((await session.post('/api/answer', { id: byApp('acme.album'), answer: { reply: 'allow' } })).status).toBe(200);
    expect((await album).isError).toBeFalsy();
    expect((await session.get('/api/grants')).json()).toEqual({
      grants: [
        { app: 'acme.album', scope: 'photos.read', answer: 'granted' },
        { app: 'acme.notes', scope: 'photos.read', answer: 'denied' },
      ],
    });

    // A picker crosses too, with thumbnails the console reads (same user, same machine).
    const pick = claude.client.callTool({ name: 'photos__pick', arguments: { limit: 1 } });
    const [picker] = await pendingCards(session, 1);
    const photos = picker?.photos as { id: string; name: string }[];
    expect(photos.map((photo) => photo.name)).toEqual(['Sunset.png', 'Forest walk.png', 'Lake at dawn.png']);
    const thumbnail = await session.get(`/api/photos/${picker?.id ?? ''}/${photos[1]?.id ?? ''}`);
    expect([thumbnail.status, thumbnail.headers['content-type']]).toEqual([200, 'image/png']);
    expect((await session.post('/api/answer', { id: picker?.id, answer: { photoIds: [photos[1]?.id] } })).status).toBe(200);
    const picked = await pick;
    expect((picked.structuredContent as { photos: { name: string }[] }).photos.map((photo) => photo.name)).toEqual(['Forest walk.png']);
    expect((await session.get('/api/state')).json<{ pending: unknown[] }>().pending).toEqual([]);
  });

  it('the three answers across the parts: the sheet names agent, tool and arguments; Allow once stores nothing and the next call asks again; past --consent-wait the call answers consentNeeded, the card stays detached, and a late Always allow lets the retry through', async () => {
    const ws = await workspace();
    cleanup.push(() => rm(ws.root, { recursive: true, force: true }));
    await mkdir(ws.data, { mode: 0o700 });
    const console = await startConsole(['--data', ws.data], cleanup);
    const session = await signIn(console.loginUrl);
    const agent = await agentNamed('Claude Desktop', [...serveArgs(ws, ws.manifest), '--consent-wait', '3'], cleanup);
    const grants = async () => (await session.get('/api/grants')).json<{ grants: unknown[] }>().grants;

    // Allow once: this call runs, nothing is stored.
    const first = agent.client.callTool({ name: 'photos__list', arguments: { limit: 2 } });
    const [sheet] = await pendingCards(session, 1);
    expect(sheet).toMatchObject({
      kind: 'consent',
      app: 'acme.album',
      agent: { name: 'Claude Desktop', version: '1.0.0', via: null },
      tool: 'photos_list',
      arguments: [{ name: 'limit', value: '2' }],
      detached: false,
    });
    expect(sheet?.['toolDescription']).toEqual(expect.stringContaining('photos'));
    expect((await session.post('/api/answer', { id: sheet?.id, answer: { reply: 'allowOnce' } })).status).toBe(200);
    expect((await first).isError).toBeFalsy();
    expect(await grants()).toEqual([]);

    // The next call asks again; nobody answers within --consent-wait 3: consentNeeded, and the card stays, detached.
    const started = Date.now();
    const second = await agent.client.callTool({ name: 'photos__list', arguments: { limit: 2 } });
    const waited = Date.now() - started;
    expect(second).toMatchObject({ isError: true, content: [{ type: 'text', text: 'denied: consentNeeded' }] });
    expect(waited).toBeGreaterThanOrEqual(2_500);
    expect(waited).toBeLessThan(8_000);
    const [stayed] = await pendingCards(session, 1);
    expect(stayed).toMatchObject({ kind: 'consent', detached: true });
    // The person answers Always allow after the agent stopped waiting: stored; the retry runs without a new card.
    expect((await session.post('/api/answer', { id: stayed?.id, answer: { reply: 'allow' } })).status).toBe(200);
    // The host stores it when the answer reaches it through the relay, a moment after the console said ok.
    for (let turn = 0; turn < 200 && (await grants()).length === 0; turn++) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(await grants()).toEqual([{ app: 'acme.album', scope: 'photos.read', answer: 'granted' }]);
    expect((await agent.client.callTool({ name: 'photos__list', arguments: { limit: 2 } })).isError).toBeFalsy();
    expect((await session.get('/api/state')).json<{ pending: unknown[] }>().pending).toEqual([]);
    const rows = (await session.get('/api/audit')).json<{ rows: { status: string; error: string | null }[] }>().rows;
    // One row per call, newest first: the retry, the call that stopped waiting, the Allow once.
    expect(rows.map((row) => `${row.status}${row.error === null ? '' : ` ${row.error}`}`)).toEqual(['ok', 'denied consentNeeded', 'ok']);
  });

  it('without a running console, xcap serve serves its own, as before', async () => {
    const ws = await workspace();
    cleanup.push(() => rm(ws.root, { recursive: true, force: true }));
    const agent = await agentNamed('Lonely', serveArgs(ws, ws.manifest), cleanup);
    const deadline = Date.now() + 10_000;
    while (!agent.stderr().includes('xcap serve: console at ') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(agent.stderr()).toMatch(/xcap serve: console at http:\/\/127\.0\.0\.1:\d+\/login\?secret=\S+\n/);
    expect(agent.stderr()).not.toContain('answering in the running console');
  });

  it('a second xcap console on the same data directory refuses with one line, exit 1', async () => {
    const ws = await workspace();
    cleanup.push(() => rm(ws.root, { recursive: true, force: true }));
    await mkdir(ws.data, { mode: 0o700 });
    await startConsole(['--data', ws.data], cleanup);
    const second = spawn(process.execPath, [xcapBin, 'console', '--data', ws.data, '--listen', '127.0.0.1:0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    second.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const end = await childEnd(second);
    expect(end.code).toBe(1);
    expect(stderr).toMatch(/^xcap: xcap console: a console already runs on this data directory \(.*console\.sock answers\)\n$/);
  });
});
