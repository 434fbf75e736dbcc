import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { argsHash } from '@xcap/audit';
import { describe, expect, it, vi } from 'vitest';
import { killServe, spawnHttpServe, type HttpServeProcess } from '../e2e/http-process.js';
import { runXcap } from '../e2e/xcap-process.js';
import { httpAgent, httpWorkspace, type HttpWorkspace } from '../http/http-workspace.js';
import { roundRobinProxy } from './round-robin-proxy.js';
import { freePort, freshDatabase, queryRows, testPassword } from './postgres-fixture.js';
import { storeUrlFile, usePostgresHosts } from './postgres-hosts.js';

// Child processes or a database server: the shared 20 s is too short on a loaded 2-core machine.
vi.setConfig({ testTimeout: 60_000 });

const { server, cleanup } = usePostgresHosts();

interface AuditDbRow {
  readonly host: string | null;
  readonly client_id: string;
  readonly tool: string;
  readonly status: string;
  readonly error: string | null;
  readonly args_hash: string;
}

const auditOf = (url: string) => queryRows<AuditDbRow>(url, 'SELECT host, client_id, tool, status, error, args_hash FROM xcap_audit ORDER BY id');

async function workspaceWithDatabase(): Promise<{ ws: HttpWorkspace; url: string }> {
  const ws = await httpWorkspace();
  cleanup.push(() => ws.remove());
  return { ws, url: await freshDatabase(server()) };
}

async function tokenAdd(url: string, name: string): Promise<string> {
  const added = await runXcap(['token', 'add', name], { XCAP_STORE: url });
  expect(added.code, added.stderr).toBe(0);
  return added.stdout.trim();
}

/** Starts `xcap serve --http` on the database with its own data directory and host name. */
async function startHost(ws: HttpWorkspace, url: string, name: string, extra: readonly string[] = []): Promise<HttpServeProcess> {
  const data = join(ws.root, `data-${name}`);
  await mkdir(data, { recursive: true, mode: 0o700 });
  const urlFile = await storeUrlFile(ws.root, name, url);
  const serve = await spawnHttpServe([
    '--manifest',
    ws.manifest,
    '--data',
    data,
    '--photos',
    ws.photos,
    '--store-file',
    urlFile,
    '--host-name',
    name,
    '--http',
    '127.0.0.1:0',
    ...extra,
  ]);
  cleanup.push(() => killServe(serve));
  return serve;
}

/** A call's result: `isError` and the structured content. */
async function call(client: Client, name: string, args: Record<string, unknown>): Promise<{ isError: boolean; content: unknown; text: string }> {
  const result = await client.callTool({ name, arguments: args });
  const text = JSON.stringify(result.content ?? '');
  return { isError: result.isError === true, content: result.structuredContent, text };
}

describe('xcap serve --store: three hosts on one PostgreSQL database, agents calling all three at once', () => {
  it('consent given through one is honoured by the others, a file saved through one is read through another, the quota holds across them, and the audit has one row per call naming its host', async () => {
    const { ws, url } = await workspaceWithDatabase();
    const quota = 16_000;
    const names = ['h1', 'h2', 'h3'] as const;
    const hosts = await Promise.all(
      names.map((name) => startHost(ws, url, name, ['--foreground', ...(name === 'h1' ? ['--consent', 'elicit'] : []), '--quota', String(quota)])),
    );
    for (const host of hosts) expect(host.stderr()).toContain(`store postgres://xcap:***@127.0.0.1:${server().port}/`);

    // Two agents per host, one of each era; each with a token of its own (added once, seen by all three hosts).
    const calls = new Map<string, number>();
    const agents: { host: string; token: string; client: Client }[] = [];
    for (const [index, host] of hosts.entries()) {
      for (const era of ['modern', 'legacy'] as const) {
        const token = `${names[index]}-${era}`;
        const client = await httpAgent(host.url, await tokenAdd(url, token), era, () => ({ action: 'accept', content: { answer: 'allow' } }));
        cleanup.push(() => client.close());
        agents.push({ host: names[index] as string, token, client });
        calls.set(`${names[index]} token:${token}`, 0);
      }
    }
    const counted = async (agent: (typeof agents)[number], name: string, args: Record<string, unknown>) => {
      const key = `${agent.host} token:${agent.token}`;
      calls.set(key, (calls.get(key) ?? 0) + 1);
      return call(agent.client, name, args);
    };
    const agent = (host: string, era: 'modern' | 'legacy') => agents.find((a) => a.host === host && a.token.endsWith(era)) as (typeof agents)[number];

    // 1. Undecided: h2 (consent dismiss) answers consentNeeded; the person allows through h1 (elicit); h2 and h3 honour it on their next call.
    const before = await counted(agent('h2', 'legacy'), 'photos__pick', { limit: 1 });
    expect(before.isError).toBe(true);
    expect(before.text).toContain('consentNeeded');
    const allowed = await counted(agent('h1', 'modern'), 'photos__pick', { limit: 1 });
    expect(allowed.isError, allowed.text).toBe(false);
    const picked = await counted(agent('h2', 'legacy'), 'photos__pick', { limit: 1 });
    expect(picked.isError, picked.text).toBe(false);
    expect((await counted(agent('h3', 'modern'), 'photos__list', { limit: 1 })).isError).toBe(false);

    // 2. A file saved through h2 is read through h3: print__pdf lays the picked photo out.
    const photo = (picked.content as { photos: { fileId: string; size: number }[] }).photos[0];
    expect(photo).toBeDefined();
    const pdf = await counted(agent('h3', 'legacy'), 'print__pdf', { title: 'Shared', name: 'shared.pdf', blocks: [{ image: photo?.fileId }] });
    expect(pdf.isError, pdf.text).toBe(false);
    const pdfSize = (pdf.content as { file: { size: number } }).file.size;
    expect(pdfSize).toBeGreaterThan(1000);

    // 3. Every agent picks at once on its host until the quota, shared by the three, is reached.
    const results = await Promise.all(
      agents.map(async (a) => {
        const mine: boolean[] = [];
        for (let i = 0; i < 6; i++) mine.push(!(await counted(a, 'photos__pick', { limit: 1 })).isError);
        return mine;
      }),
    );
    const okPicks = results.flat().filter(Boolean).length;
    const refused = results.flat().length - okPicks;
    expect(refused).toBeGreaterThan(0);
    expect(okPicks).toBeGreaterThan(0);
    const files = await queryRows<{ n: number; used: number }>(
      url,
      'SELECT count(*)::int AS n, coalesce(sum(size + meta_bytes), 0)::int AS used FROM xcap_files',
    );
    // Every acknowledged file is stored (2 earlier picks, the PDF, the picks now), and together they fit the quota.
    expect(files[0]?.n).toBe(3 + okPicks);
    expect(files[0]?.used).toBeLessThanOrEqual(quota);

    // 4. Stop the three; the audit has exactly one row per call, each naming its host and its agent's token.
    for (const host of hosts) host.child.kill('SIGTERM');
    expect(await Promise.all(hosts.map((h) => h.exited))).toEqual([0, 0, 0]);
    for (const host of hosts) expect(host.stderr()).not.toContain(testPassword);
    const rows = await auditOf(url);
    const found = new Map<string, number>();
    for (const row of rows) found.set(`${row.host} ${row.client_id}`, (found.get(`${row.host} ${row.client_id}`) ?? 0) + 1);
    // On the modern era the round answered input_required (the person was asked) is a request of its own: one more row.
    const expected = new Map(calls);
    expected.set('h1 token:h1-modern', (expected.get('h1 token:h1-modern') ?? 0) + 1);
    expect(found).toEqual(expected);
    expect(rows.filter((r) => r.tool === 'photos__pick' && r.status === 'ok').length).toBe(2 + okPicks);
    expect(rows.filter((r) => r.tool === 'photos__pick' && r.status !== 'ok' && r.error !== 'consentNeeded').length).toBe(refused);
    expect(rows.filter((r) => r.tool === 'print__pdf').map((r) => [r.host, r.status])).toEqual([['h3', 'ok']]);
    expect(rows.find((r) => r.tool === 'photos__list')?.args_hash).toBe(argsHash({ limit: 1 }));
  });

  it('behind a round-robin load balancer without sticky sessions: both eras work, and a modern consent question asked by one host is answered through another', async () => {
    const { ws, url } = await workspaceWithDatabase();
    // The balancer sends its own name as Host (as nginx does for an upstream group): the hosts are told to answer it.
    const hosts = await Promise.all(
      ['lb1', 'lb2', 'lb3'].map((name) => startHost(ws, url, name, ['--foreground', '--consent', 'elicit', '--allowed-host', 'xcap.lb.test'])),
    );
    const proxy = await roundRobinProxy(
      hosts.map((h) => h.url),
      'xcap.lb.test',
    );
    cleanup.push(() => proxy.close());
    const asked: string[] = [];
    const modern = await httpAgent(proxy.url, await tokenAdd(url, 'modern'), 'modern', (message) => {
      asked.push(message);
      return { action: 'accept', content: { answer: 'allow' } };
    });
    const legacy = await httpAgent(proxy.url, await tokenAdd(url, 'legacy'), 'legacy');
    cleanup.push(
      () => modern.close(),
      () => legacy.close(),
    );
    // The question is asked by one host (input_required); the retry carrying the answer reaches the next one.
    const picked = await call(modern, 'photos__pick', { limit: 1 });
    expect(picked.isError, picked.text).toBe(false);
    expect(asked).toHaveLength(1);
    for (let i = 0; i < 4; i++) {
      const listed = await call(legacy, 'photos__list', { limit: 1 });
      expect(listed.isError, listed.text).toBe(false);
      const id = (listed.content as { photos: { id: string }[] }).photos[0]?.id ?? '';
      expect((await call(modern, 'photos__get', { id })).isError).toBe(false);
    }
    expect(proxy.hits.every((n) => n > 2)).toBe(true);
    const rows = await auditOf(url);
    const pickRows = rows.filter((r) => r.tool === 'photos__pick').map((r) => [r.status, r.error]);
    expect(pickRows).toEqual([
      ['denied', 'consentNeeded'],
      ['ok', null],
    ]);
    // The two rounds of the question were served by different hosts.
    const pickHosts = rows.filter((r) => r.tool === 'photos__pick').map((r) => r.host);
    expect(new Set(pickHosts).size).toBe(2);
    expect(new Set(rows.map((r) => r.host))).toEqual(new Set(['lb1', 'lb2', 'lb3']));
  });

  it('a host SIGKILLed in the middle of a stream: every call it answered has its row and every grant and file it acknowledged is in the database', async () => {
    const { ws, url } = await workspaceWithDatabase();
    const killed = await startHost(ws, url, 'doomed', ['--foreground', '--consent', 'elicit']);
    const other = await startHost(ws, url, 'steady', ['--foreground']);
    const agents: { host: string; token: string; client: Client }[] = [];
    for (const [name, host] of [
      ['doomed', killed],
      ['steady', other],
    ] as const) {
      for (const era of ['modern', 'legacy'] as const) {
        const token = `${name}-${era}`;
        const client = await httpAgent(host.url, await tokenAdd(url, token), era, () => ({ action: 'accept', content: { answer: 'allow' } }));
        cleanup.push(() => client.close());
        agents.push({ host: name, token, client });
      }
    }
    const answered: { host: string; token: string; ok: boolean; fileId?: string; size?: number }[] = [];
    let grantAcknowledged = false;
    let dead = false;
    const killAfter = 20 + Math.floor(Math.random() * 20);
    const worker = async ({ host, token, client }: (typeof agents)[number]) => {
      for (let i = 0; i < 60; i++) {
        if (host === 'doomed' && dead) return;
        try {
          const result = await call(client, 'photos__pick', { limit: 1 });
          const photo = result.isError ? undefined : (result.content as { photos: { fileId: string; size: number }[] }).photos[0];
          answered.push({ host, token, ok: !result.isError, ...(photo === undefined ? {} : { fileId: photo.fileId, size: photo.size }) });
          if (!result.isError && host === 'doomed') grantAcknowledged = true;
        } catch (error) {
          if (host === 'doomed' && dead) return;
          throw error;
        }
        if (!dead && answered.length >= killAfter) {
          dead = true;
          killed.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(agents.map(worker));
    expect(await killed.exited).toBe('SIGKILL');
    other.child.kill('SIGTERM');
    expect(await other.exited).toBe(0);

    expect(grantAcknowledged).toBe(true);
    expect(await queryRows(url, 'SELECT app_id, scope, "grant" FROM xcap_grants')).toEqual([{ app_id: 'acme.album', scope: 'photos.read', grant: 'granted' }]);
    const rows = await auditOf(url);
    for (const { host, token } of agents) {
      for (const ok of [true, false]) {
        const acked = answered.filter((a) => a.token === token && a.ok === ok).length;
        const stored = rows.filter(
          (r) => r.host === host && r.client_id === `token:${token}` && r.tool === 'photos__pick' && (r.status === 'ok') === ok,
        ).length;
        expect(stored, `${token} ${ok ? 'ok' : 'not ok'}`).toBeGreaterThanOrEqual(acked);
      }
    }
    const stored = new Map(
      (await queryRows<{ file_id: string; size: string }>(url, 'SELECT file_id, size FROM xcap_files')).map((r) => [r.file_id, Number(r.size)]),
    );
    for (const ack of answered.filter((a) => a.fileId !== undefined)) expect(stored.get(ack.fileId as string), ack.fileId).toBe(ack.size);

    // The killed host starts again on its data directory and the database and serves.
    const again = await startHost(ws, url, 'doomed');
    const agent = await httpAgent(again.url, await tokenAdd(url, 'after'), 'modern');
    cleanup.push(() => agent.close());
    expect((await call(agent, 'photos__list', {})).isError).toBe(false);
  });

  it('a database that refuses the connection at start is one masked line on stderr and exit 1 (stdio and HTTP)', async () => {
    const ws = await httpWorkspace();
    cleanup.push(() => ws.remove());
    const refused = `postgres://xcap:${testPassword}@127.0.0.1:${await freePort()}/xcap`;
    for (const transport of [[], ['--http', '127.0.0.1:0']]) {
      const ran = await runXcap(['serve', '--manifest', ws.manifest, '--data', ws.data, ...transport], { XCAP_STORE: refused });
      expect(ran.code).toBe(1);
      // Over stdio the connection is served while the database connects: the start line and its notices come first
      // (`xcap serve: …`), the failure is still one masked line, the last.
      const failures = ran.stderr.split('\n').filter((line) => line !== '' && !(transport.length === 0 && line.startsWith('xcap serve: ')));
      expect(failures).toHaveLength(1);
      expect(`${failures[0] ?? ''}\n`).toMatch(/^xcap: postgres:\/\/xcap:\*\*\*@127\.0\.0\.1:\d+\/xcap: could not connect: [^\n]*ECONNREFUSED[^\n]*\n$/);
      expect(ran.stderr.endsWith(`${failures[0] ?? ''}\n`)).toBe(true);
      expect(ran.stderr).not.toContain(testPassword);
      expect(ran.stdout).toBe('');
    }
  });
});
