/** One console for every agent (issue 32): a running `xcap console --data DIR` takes the sheets and pickers of every `xcap serve --consent console` on DIR. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { childEnd } from '@xcap/test-support';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { signIn, type ConsoleSession } from '../../../console/test/console-client.js';
import { requireBuilt, workspace, xcapBin, type Workspace } from '../e2e/xcap-process.js';

vi.setConfig({ testTimeout: 90_000 });
beforeAll(requireBuilt);

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step().catch(() => undefined);
});

/** A started `xcap console` child: its login URL and its standard error so far. */
async function startConsole(args: readonly string[]): Promise<{ child: ChildProcess; loginUrl: string; stderr: () => string }> {
  const child = spawn(process.execPath, [xcapBin, 'console', ...args, '--listen', '127.0.0.1:0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const ended = childEnd(child);
  cleanup.push(async () => {
    child.kill('SIGTERM');
    await ended;
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const deadline = Date.now() + 15_000;
  while (!/xcap console: at (\S+)\n/.test(stderr) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  const loginUrl = /xcap console: at (http:\/\/127\.0\.0\.1:\d+\/login\?secret=\S+)\n/.exec(stderr)?.[1];
  if (loginUrl === undefined) throw new Error(`xcap console did not start: ${stderr}`);
  return { child, loginUrl, stderr: () => stderr };
}

/** An agent named `name` (its `clientInfo.name`) over stdio: the official v2 client spawning `xcap serve --consent console` on `ws`. */
async function agentNamed(name: string, ws: Workspace, manifest: string): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [xcapBin, 'serve', '--manifest', manifest, '--data', ws.data, '--photos', ws.photos, '--foreground', '--consent', 'console'],
    stderr: 'pipe',
    env: { NODE_OPTIONS: '' },
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(transport);
  cleanup.push(() => client.close());
  return { client, stderr: () => stderr };
}

type Card = Record<string, unknown> & { id: string; kind: string; app: string };
async function pendingCards(session: ConsoleSession, count: number): Promise<Card[]> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const pending = (await session.get('/api/state')).json<{ pending: Card[] }>().pending;
    if (pending.length >= count) return pending;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`fewer than ${count} pending requests within 15 s`);
}

describe('one console for every agent, on a data directory', () => {
  it('two xcap serve of two agents: both sheets and a picker are answered in one running xcap console, each gets its own answer', async () => {
    const ws = await workspace();
    cleanup.push(() => rm(ws.root, { recursive: true, force: true }));
    await mkdir(ws.data, { mode: 0o700 });
    const notes = join(ws.root, 'notes.json');
    await writeFile(notes, JSON.stringify({ id: 'acme.notes', screens: ['notes'], capabilities: [{ id: 'photos.read', why: 'Notes with photos.' }] }));
    const console = await startConsole(['--data', ws.data]);
    const session = await signIn(console.loginUrl);
    const [claude, goose] = await Promise.all([agentNamed('Claude Desktop', ws, ws.manifest), agentNamed('Goose', ws, notes)]);
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

  it('without a running console, xcap serve serves its own, as before', async () => {
    const ws = await workspace();
    cleanup.push(() => rm(ws.root, { recursive: true, force: true }));
    const agent = await agentNamed('Lonely', ws, ws.manifest);
    const deadline = Date.now() + 10_000;
    while (!agent.stderr().includes('xcap serve: console at ') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(agent.stderr()).toMatch(/xcap serve: console at http:\/\/127\.0\.0\.1:\d+\/login\?secret=\S+\n/);
    expect(agent.stderr()).not.toContain('answering in the running console');
  });

  it('a second xcap console on the same data directory refuses with one line, exit 1', async () => {
    const ws = await workspace();
    cleanup.push(() => rm(ws.root, { recursive: true, force: true }));
    await mkdir(ws.data, { mode: 0o700 });
    await startConsole(['--data', ws.data]);
    const second = spawn(process.execPath, [xcapBin, 'console', '--data', ws.data, '--listen', '127.0.0.1:0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    second.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const end = await childEnd(second);
    expect(end.code).toBe(1);
    expect(stderr).toMatch(/^xcap: xcap console: a console already runs on this data directory \(.*console\.sock answers\)\n$/);
  });
});
