import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { dataPaths, SqliteAuditSink } from '@xcap/store-local';
import { connectAgent, requireBuilt, runXcap, workspace, type Agent, type Workspace } from './xcap-process.js';
import { nodeProviderPath, pythonProviderPath } from '@xcap/test-support';

// Child processes (xcap serve, SDK clients, providers): the shared 20 s is too short on a loaded 2-core machine.
vi.setConfig({ testTimeout: 60_000 });

beforeAll(requireBuilt);

/** The reference Node provider of @xcap/provider-protocol's tests (plain JS, no build). */
const nodeProvider = nodeProviderPath;

/** The Python reference provider (examples/python-provider). */
const pythonProvider = pythonProviderPath;

/** The child processes of `pid` (Linux: /proc/<pid>/task/<pid>/children). */
async function childrenOf(pid: number): Promise<number[]> {
  const text = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '');
  return text.trim() === '' ? [] : text.trim().split(/\s+/).map(Number);
}

const agents: Agent[] = [];
const roots: string[] = [];
const pids: number[] = [];
afterEach(async () => {
  for (const agent of agents.splice(0)) await agent.client.close().catch(() => undefined);
  for (const pid of pids.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  for (const root of roots.splice(0)) await rm(root, { recursive: true, force: true });
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(check: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return check();
}

/** The official client connected to `xcap serve` over stdio, serving `ws` with `--providers-command command`. */
function serveWith(ws: Workspace, command: string): Promise<Agent> {
  return connectAgent(['--manifest', ws.manifest, '--data', ws.data, '--providers-command', command]);
}

/** SIGKILLs the host and expects it gone within 5 s, and its provider `provider` within 3 s after. */
async function killHostExpectProviderGone(host: number, provider: number): Promise<void> {
  process.kill(host, 'SIGKILL');
  expect(await until(() => !alive(host), 5_000)).toBe(true);
  expect(await until(() => !alive(provider), 3_000)).toBe(true);
}

/** The pid of the `xcap serve` behind `agent`. */
function hostPid(agent: Agent): number {
  const host = agent.transport.pid;
  if (host === null) throw new Error('xcap serve has no pid');
  return host;
}

async function readPid(file: string): Promise<number> {
  let pid = NaN;
  await until(async () => {
    pid = Number(await readFile(file, 'utf8').catch(() => 'NaN'));
    return Number.isInteger(pid);
  }, 5_000);
  pids.push(pid);
  return pid;
}

describe('xcap serve --providers-command', () => {
  it('serves what the provider process describes to the official MCP client, one audit row per call, and stops it when the client goes', async () => {
    const ws = await workspace();
    roots.push(ws.root);
    expect((await runXcap(['grant', 'acme.album', 'photos.read', '--data', ws.data])).code).toBe(0);
    const pidFile = join(ws.root, 'provider.pid');
    const command = `'${process.execPath}' '${nodeProvider}' --capabilities photos --hello --pid-file '${pidFile}'`;
    // No --photos: only the provider process serves photos.
    const agent = await serveWith(ws, command);
    agents.push(agent);
    const pid = await readPid(pidFile);
    expect(agent.stderr()).toMatch(/provides photos, print,/);
    expect(await until(() => agent.stderr().includes('[provider node] hello from the node provider'), 5_000)).toBe(true);
    for (let i = 0; i < 3; i++) {
      const result = await agent.client.callTool({ name: 'photos__pick', arguments: { limit: 1 } });
      expect(result.isError ?? false).toBe(false);
      expect((result.structuredContent as { photos: { name: string; fileId: string }[] }).photos[0]).toMatchObject({ name: 'one.png' });
    }
    const list = await agent.client.callTool({ name: 'photos__list', arguments: {} });
    expect(list.structuredContent).toMatchObject({ photos: [{ id: 'p1', name: 'one.png' }], cursor: null });
    await agent.client.close();
    agents.splice(0);
    expect(await until(() => !alive(pid), 5_000)).toBe(true);
    const sink = new SqliteAuditSink(dataPaths(ws.data).audit);
    const rows = sink.query({ limit: 100 });
    sink.close();
    expect(rows.map((r) => [r.tool, r.status])).toEqual([
      ['photos__list', 'ok'],
      ['photos__pick', 'ok'],
      ['photos__pick', 'ok'],
      ['photos__pick', 'ok'],
    ]);
    expect(new Set(rows.map((r) => r.clientId))).toEqual(new Set([agent.runId]));
  });

  it('serves a provider process that leaves photos_get out of describe: one warning line on stderr, photos__get answers unavailable', async () => {
    const ws = await workspace();
    roots.push(ws.root);
    expect((await runXcap(['grant', 'acme.album', 'photos.read', '--data', ws.data])).code).toBe(0);
    const command = `'${process.execPath}' '${nodeProvider}' --capabilities photos --omit photos_get`;
    const agent = await serveWith(ws, command);
    agents.push(agent);
    const warning = `xcap: provider ${JSON.stringify(command)} describes photos without photos_get: it answers unavailable`;
    expect(await until(() => agent.stderr().includes(warning), 5_000)).toBe(true);
    const get = await agent.client.callTool({ name: 'photos__get', arguments: { id: 'p1' } });
    expect(get).toMatchObject({ isError: true, content: [{ type: 'text', text: 'unavailable' }] });
    const list = await agent.client.callTool({ name: 'photos__list', arguments: {} });
    expect(list.isError ?? false).toBe(false);
    expect(
      agent
        .stderr()
        .split('\n')
        .filter((line) => line.includes('photos_get')),
    ).toEqual([warning]);
  });

  it('leaves no orphan when the host is SIGKILLed: the provider sees its stdin end and exits', async () => {
    const ws = await workspace();
    roots.push(ws.root);
    const pidFile = join(ws.root, 'provider.pid');
    const agent = await serveWith(ws, `'${process.execPath}' '${nodeProvider}' --capabilities photos --pid-file '${pidFile}'`);
    agents.push(agent);
    const pid = await readPid(pidFile);
    expect(alive(pid)).toBe(true);
    await killHostExpectProviderGone(hostPid(agent), pid);
  });

  it("exits within the documented 10 s + 2 s of SIGTERM though a provider's orphaned grandchild (setsid) keeps the provider's pipes open", async () => {
    const ws = await workspace();
    roots.push(ws.root);
    const pidFile = join(ws.root, 'provider.pid');
    const orphanFile = join(ws.root, 'orphan.pid');
    const agent = await connectAgent([
      '--manifest',
      ws.manifest,
      '--data',
      ws.data,
      '--providers-command',
      `'${process.execPath}' '${nodeProvider}' --capabilities photos --pid-file '${pidFile}' --orphan '${orphanFile}'`,
    ]);
    agents.push(agent);
    const pid = await readPid(pidFile);
    const orphan = await readPid(orphanFile);
    const host = agent.transport.pid;
    if (host === null) throw new Error('xcap serve has no pid');
    const t0 = Date.now();
    process.kill(host, 'SIGTERM');
    expect(await until(() => !alive(host), 12_000)).toBe(true);
    expect(Date.now() - t0).toBeLessThan(12_000);
    expect(alive(pid)).toBe(false);
    // The grandchild outlives the host (it is killed in afterEach): the host did not wait for it.
    expect(alive(orphan)).toBe(true);
  });

  it('the Python reference provider: served to the official MCP client with one audit row per call, and gone within 3 s of a SIGKILL of the host', async () => {
    const ws = await workspace();
    roots.push(ws.root);
    expect((await runXcap(['grant', 'acme.album', 'photos.read', '--data', ws.data])).code).toBe(0);
    const agent = await serveWith(ws, `python3 '${pythonProvider}' --photos '${ws.photos}'`);
    agents.push(agent);
    const host = hostPid(agent);
    const pick = await agent.client.callTool({ name: 'photos__pick', arguments: { limit: 2 } });
    expect((pick.structuredContent as { photos: unknown[] }).photos).toHaveLength(2);
    const list = await agent.client.callTool({ name: 'photos__list', arguments: { limit: 10 } });
    expect((list.structuredContent as { photos: unknown[] }).photos).toHaveLength(3);
    const children = await childrenOf(host);
    expect(children).toHaveLength(1);
    const provider = children[0] as number;
    pids.push(provider);
    const sink = new SqliteAuditSink(dataPaths(ws.data).audit, { readonly: true });
    const rows = sink.query({ limit: 100 });
    sink.close();
    expect(rows.map((r) => [r.tool, r.status])).toEqual([
      ['photos__list', 'ok'],
      ['photos__pick', 'ok'],
    ]);
    await killHostExpectProviderGone(host, provider);
  });

  it('refuses a provider whose describe does not match the catalog: one line naming the command and the problem, exit 2', async () => {
    const ws = await workspace();
    roots.push(ws.root);
    const describe = JSON.stringify({ protocolVersion: 1, provider: { name: 'x', version: '1' }, capabilities: { photos: ['pick', 'teleport', 'pick'] } });
    const run = await runXcap([
      'serve',
      '--manifest',
      ws.manifest,
      '--data',
      ws.data,
      '--providers-command',
      `'${process.execPath}' '${nodeProvider}' --describe '${describe}'`,
    ]);
    expect(run.code).toBe(2);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^xcap: --providers-command: .*node-provider\.mjs' --describe .*: capabilities\.photos: "teleport" is not a native tool of photos in the catalog .*; .*native tool "pick" listed twice/,
    );
  });

  it('a capability served by two commands is a setup error naming both', async () => {
    const ws = await workspace();
    roots.push(ws.root);
    const a = `'${process.execPath}' '${nodeProvider}' --capabilities photos`;
    const b = `'${process.execPath}' '${nodeProvider}' --capabilities photos,share`;
    const run = await runXcap(['serve', '--manifest', ws.manifest, '--data', ws.data, '--providers-command', a, '--providers-command', b]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('capability "photos" is described by both');
  });
});
