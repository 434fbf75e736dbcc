/** One console for every agent over PostgreSQL (issue 32): the database is the relay, so a console answers hosts with data directories of their own. */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { signIn } from '../../../console/test/console-client.js';
import { httpWorkspace } from '../http/http-workspace.js';
import { agentNamed, pendingCards, startConsole } from '../console-e2e/one-console-processes.js';
import { freshDatabase, queryRows, testPassword } from './postgres-fixture.js';
import { storeUrlFile, usePostgresHosts } from './postgres-hosts.js';

vi.setConfig({ testTimeout: 90_000 });

const { server, cleanup } = usePostgresHosts();

describe('one console for every agent, on PostgreSQL', () => {
  it('two hosts with data directories of their own, two agents: both sheets and a picker answered in one console on the database', async () => {
    const ws = await httpWorkspace();
    cleanup.push(() => ws.remove());
    const url = await freshDatabase(server());
    const urlFile = await storeUrlFile(ws.root, 'console', url);
    const console = await startConsole(['--store-file', urlFile], cleanup);
    expect(console.stderr()).toContain(
      'xcap console: answering the requests of every xcap serve on this database (photos are offered by name, without thumbnails)',
    );
    const session = await signIn(console.loginUrl);
    const host = async (name: string) => {
      const data = join(ws.root, `data-${name}`);
      await mkdir(data, { mode: 0o700 });
      return agentNamed(
        name,
        ['--manifest', ws.manifest, '--data', data, '--photos', ws.photos, '--store-file', await storeUrlFile(ws.root, name, url), '--host-name', name],
        cleanup,
      );
    };
    const [claude, goose] = await Promise.all([host('claude'), host('goose')]);
    const origin = new URL(console.loginUrl).origin;
    for (const agent of [claude, goose]) {
      expect(agent.stderr()).toContain(`xcap serve: answering in the running console at ${origin}/\n`);
      expect(agent.stderr()).not.toContain('secret');
      expect(agent.stderr()).not.toContain(testPassword);
    }
    const first = claude.client.callTool({ name: 'photos__list', arguments: {} });
    const second = goose.client.callTool({ name: 'photos__list', arguments: {} });
    const cards = await pendingCards(session, 2);
    expect(cards.map((card) => `${card.kind} ${card.app}`)).toEqual(['consent acme.album', 'consent acme.album']);
    // Answered independently: one Don't allow… the sheet is per call; the first answer stores, and the other sheet is answered on its own.
    expect((await session.post('/api/answer', { id: cards[1]?.id, answer: { reply: 'nonsense' } })).status).toBe(400);
    expect((await session.post('/api/answer', { id: cards[1]?.id, answer: { reply: 'allow' } })).status).toBe(200);
    expect((await session.post('/api/answer', { id: cards[0]?.id, answer: { reply: 'allow' } })).status).toBe(200);
    const results = await Promise.all([first, second]);
    expect(results.map((result) => result.isError ?? false)).toEqual([false, false]);
    expect(await queryRows(url, 'SELECT app_id, scope, "grant" FROM xcap_grants')).toEqual([{ app_id: 'acme.album', scope: 'photos.read', grant: 'granted' }]);

    // A picker: offered by name; the console has no file to show (the host may be another machine).
    const pick = goose.client.callTool({ name: 'photos__pick', arguments: { limit: 1 } });
    const [picker] = await pendingCards(session, 1);
    const photos = picker?.photos as { id: string; name: string }[];
    expect(photos.map((photo) => photo.name)).toEqual(['Sunset.png', 'Forest walk.png', 'Lake at dawn.png']);
    expect((await session.get(`/api/photos/${picker?.id ?? ''}/${photos[0]?.id ?? ''}`)).status).toBe(404);
    expect((await session.post('/api/answer', { id: picker?.id, answer: { photoIds: [photos[2]?.id] } })).status).toBe(200);
    expect(((await pick).structuredContent as { photos: { name: string }[] }).photos.map((photo) => photo.name)).toEqual(['Lake at dawn.png']);
    expect(await queryRows(url, 'SELECT count(*)::int AS n FROM xcap_console_requests')).toEqual([{ n: 0 }]);
  });

  it('a presence row that does not name a 127.0.0.1 address is not used: xcap serve serves its own console', async () => {
    const ws = await httpWorkspace();
    cleanup.push(() => ws.remove());
    const url = await freshDatabase(server());
    const urlFile = await storeUrlFile(ws.root, 'odd', url);
    // The schema exists once a command has opened the database.
    await queryRows(url, 'SELECT 1');
    const data = join(ws.root, 'data-odd');
    await mkdir(data, { mode: 0o700 });
    const agent = await agentNamed('Odd', ['--manifest', ws.manifest, '--data', data, '--store-file', urlFile, '--host-name', 'odd'], cleanup);
    await agent.client.close();
    await queryRows(url, "INSERT INTO xcap_console_presence (console_id, url) VALUES ('x', 'http://evil.example/\u001b[2J')");
    const again = await agentNamed('Odd', ['--manifest', ws.manifest, '--data', data, '--store-file', urlFile, '--host-name', 'odd'], cleanup);
    const deadline = Date.now() + 10_000;
    while (!again.stderr().includes('xcap serve: console at ') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(again.stderr()).toContain('xcap serve: the console presence in the database does not name a 127.0.0.1 address; serving a console of its own\n');
    expect(again.stderr()).toMatch(/xcap serve: console at http:\/\/127\.0\.0\.1:\d+\/login\?secret=/);
    expect(again.stderr()).not.toContain('evil');
  });
});
