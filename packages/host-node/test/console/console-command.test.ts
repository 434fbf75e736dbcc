import { spawn } from 'node:child_process';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { childEnd } from '@xcap/test-support';
import { auditRows, httpAgent, httpWorkspace, workspaceArgs } from '../http/http-workspace.js';
import { killServe, spawnHttpServe } from '../e2e/http-process.js';
import { requireBuilt, runXcap, xcapBin } from '../e2e/xcap-process.js';
import { signIn, waitForPending } from '../../../console/test/console-client.js';

vi.setConfig({ testTimeout: 90_000 });

beforeAll(requireBuilt);

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

describe('xcap console', () => {
  it('serves the grants, tokens and audit rows of a data directory, adds and revokes, exits 0 on SIGTERM', async () => {
    const ws = await httpWorkspace();
    cleanup.push(() => ws.remove());
    expect((await runXcap(['grant', 'acme.album', 'photos.read', '--data', ws.data])).code).toBe(0);
    expect((await runXcap(['token', 'add', 'laptop', '--data', ws.data])).code).toBe(0);
    // One audit row: a granted background call over HTTP.
    const token = (await runXcap(['token', 'add', 'agent', '--data', ws.data])).stdout.trim();
    const serve = await spawnHttpServe([...workspaceArgs(ws), '--http', '127.0.0.1:0']);
    const agent = await httpAgent(serve.url, token, 'legacy');
    expect((await agent.callTool({ name: 'photos__list', arguments: {} })).isError).toBeFalsy();
    await agent.close();
    await killServe(serve);

    const child = spawn(process.execPath, [xcapBin, 'console', '--data', ws.data], { stdio: ['ignore', 'pipe', 'pipe'] });
    const ended = childEnd(child);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const deadline = Date.now() + 15_000;
    while (!/xcap console: at (\S+)\n/.test(stderr) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    const loginUrl = /xcap console: at (http:\/\/127\.0\.0\.1:\d+\/login\?secret=\S+)\n/.exec(stderr)?.[1] ?? '';
    const session = await signIn(loginUrl);
    expect((await session.get('/api/state')).json()).toEqual({ mode: 'serve', app: null, pending: [] });
    expect((await session.get('/api/grants')).json()).toEqual({ grants: [{ app: 'acme.album', scope: 'photos.read', answer: 'granted' }] });
    const tokens = (await session.get('/api/tokens')).json<{ tokens: { name: string; createdAt: string }[] }>().tokens;
    expect(tokens.map((entry) => entry.name)).toEqual(['agent', 'laptop']);
    expect(JSON.stringify(tokens)).not.toContain(token);
    const rows = (await session.get('/api/audit?tool=photos__list')).json<{ rows: { tool: string; status: string; appId: string }[] }>().rows;
    expect(rows.map((row) => `${row.appId} ${row.tool} ${row.status}`)).toEqual(['acme.album photos__list ok']);
    expect((await session.get('/api/audit?status=nonsense')).status).toBe(400);
    expect((await session.get('/api/audit?limit=501')).status).toBe(400);
    const minutes = (await session.get('/api/audit/minutes')).json<{ minutes: { minute: string; counts: Record<string, number> }[] }>().minutes;
    expect(minutes).toHaveLength(60);
    expect(minutes.reduce((sum, minute) => sum + (minute.counts.ok ?? 0), 0)).toBe(auditRows(ws.data).length);

    const added = (await session.post('/api/tokens/add', { name: 'phone' })).json<{ name: string; token: string }>();
    expect(added.name).toBe('phone');
    expect(added.token).toMatch(/^xcap_/);
    expect((await session.post('/api/tokens/add', { name: 'phone' })).status).toBe(409);
    expect((await session.post('/api/tokens/revoke', { name: 'laptop' })).status).toBe(200);
    expect((await runXcap(['token', 'list', '--json', '--data', ws.data])).stdout).toMatch(/"agent"[\s\S]*"phone"/);
    expect((await runXcap(['token', 'list', '--data', ws.data])).stdout).not.toContain('laptop');
    expect((await session.post('/api/grants/revoke', { app: 'acme.album', scope: 'photos.read' }, { Origin: 'http://evil.example' })).status).toBe(403);
    expect(JSON.parse(await readFile(join(ws.data, 'consent.json'), 'utf8'))).toEqual({ 'acme.album': { 'photos.read': 'granted' } });
    expect((await session.post('/api/grants/revoke', { app: 'acme.album', scope: 'photos.read' })).status).toBe(200);
    expect((await runXcap(['grants', '--data', ws.data])).stdout).toMatch(/^no grants/);
    expect((await session.post('/api/answer', { id: 'x', answer: {} })).status).toBe(409);

    child.kill('SIGTERM');
    expect((await ended).code).toBe(0);
  });

  it('listens on 127.0.0.1 only, and --consent console needs --foreground (exit 2)', async () => {
    const ws = await httpWorkspace();
    cleanup.push(() => ws.remove());
    const remote = await runXcap(['console', '--data', ws.data, '--listen', '0.0.0.0:0']);
    expect(remote).toMatchObject({ code: 2, stderr: 'xcap: --listen "0.0.0.0:0": the console listens on 127.0.0.1 only (loopback), never 0.0.0.0\n' });
    const serveRemote = await runXcap(['serve', ...workspaceArgs(ws), '--foreground', '--consent', 'console', '--console', '[::1]:0']);
    expect(serveRemote.code).toBe(2);
    expect(serveRemote.stderr).toMatch(/^xcap: --console "\[::1\]:0": the console listens on 127\.0\.0\.1 only/);
    const background = await runXcap(['serve', ...workspaceArgs(ws), '--consent', 'console']);
    expect(background.code).toBe(2);
    expect(background.stderr).toMatch(/^xcap: --consent console needs --foreground/);
    const stray = await runXcap(['serve', ...workspaceArgs(ws), '--console-open']);
    expect(stray).toMatchObject({ code: 2, stderr: 'xcap: --console-open needs --consent console\n' });
  });
});

describe('xcap serve --http --consent console', () => {
  it('asks a legacy HTTP client’s sheet in the console, notifies with notify-send and opens the console with --console-open', async () => {
    const ws = await httpWorkspace();
    cleanup.push(() => ws.remove());
    const bin = join(ws.root, 'bin');
    await mkdir(bin);
    for (const command of ['notify-send', 'xdg-open']) {
      await writeFile(join(bin, command), `#!/bin/sh\nprintf '%s\\n' "$@" >> ${JSON.stringify(join(ws.root, `${command}.log`))}\n`);
      await chmod(join(bin, command), 0o755);
    }
    const token = (await runXcap(['token', 'add', 'agent', '--data', ws.data])).stdout.trim();
    const serve = await spawnHttpServe([...workspaceArgs(ws), '--http', '127.0.0.1:0', '--foreground', '--consent', 'console', '--console-open'], {
      PATH: `${bin}:${process.env.PATH ?? ''}`,
    });
    cleanup.push(() => killServe(serve));
    const loginUrl = /xcap serve: console at (\S+)\n/.exec(serve.stderr())?.[1] ?? '';
    const session = await signIn(loginUrl);
    const agent = await httpAgent(serve.url, token, 'legacy');
    cleanup.push(() => agent.close());
    for (const reply of ['allow', 'deny'] as const) {
      if (reply === 'deny') await session.post('/api/grants/revoke', { app: 'acme.album', scope: 'photos.read' });
      const call = agent.callTool({ name: 'photos__list', arguments: {} });
      const sheet = await waitForPending(session, 'consent');
      expect((await session.post('/api/answer', { id: sheet.id, answer: { reply } })).status).toBe(200);
      expect((await call).isError ?? false).toBe(reply === 'deny');
    }
    const waiting = `xcap serve: a request is waiting in the console at ${new URL(loginUrl).origin}/`;
    expect(
      serve
        .stderr()
        .split('\n')
        .filter((line) => line === waiting),
    ).toHaveLength(2);
    const deadline = Date.now() + 5_000;
    const logOf = (command: string) => readFile(join(ws.root, `${command}.log`), 'utf8').catch(() => '');
    while ((await logOf('notify-send')).split('\n').length < 7 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    const notice =
      String.raw`--\nxcap: a request is waiting\n[^\n]*acme\.album,? (asks )?to access your photos\. Answer in the console at ` +
      `${new URL(loginUrl).origin}/\n`;
    expect(await logOf('notify-send')).toMatch(new RegExp(`^${notice}${notice}$`));
    // Never the login URL (anyone reads a command line): the page of the data directory that signs in (issue 33, row 1).
    expect(await logOf('xdg-open')).toMatch(/^file:\/\/\/\S+\/console-open-[0-9a-f]{16}\.html\n$/);
    expect(await logOf('xdg-open')).not.toContain(new URL(loginUrl).searchParams.get('secret') ?? '?');
    expect(auditRows(ws.data).map((row) => row.status)).toEqual(['denied', 'ok']);
  });
});
