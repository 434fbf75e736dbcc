import { spawn } from 'node:child_process';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditRows, hashOf, httpWorkspace, type HttpWorkspace, workspaceArgs } from '../http/http-workspace.js';
import { killServe, spawnHttpServe, type HttpServeProcess } from './http-process.js';
import { requireBuilt, runXcap, xcapBin } from './xcap-process.js';

// Child processes (xcap serve, SDK clients, providers): the shared 20 s is too short on a loaded 2-core machine.
vi.setConfig({ testTimeout: 60_000 });

beforeAll(requireBuilt);

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step().catch(() => undefined);
});

const envelope = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
};
const call = (id: number, params: unknown) => ({ jsonrpc: '2.0', id, method: 'tools/call', params });

const list = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: envelope } };

/** One answer line of `xcap serve` (stdio). */
interface Answer {
  readonly id: number | null;
  readonly error?: { readonly code: number; readonly message: string };
}

/** Runs `xcap serve` on stdio serving `ws`, writes `input` and ends stdin; once it exited 0, its answer lines. */
async function stdioAnswers(ws: HttpWorkspace, input: string): Promise<Answer[]> {
  const child = spawn(process.execPath, [xcapBin, 'serve', ...workspaceArgs(ws)], {
    stdio: 'pipe',
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/' },
  });
  const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
  cleanup.push(async () => {
    if (child.exitCode === null) child.kill('SIGKILL');
    await closed;
  });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stdin.end(input);
  expect(await closed).toBe(0);
  return stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Answer);
}

/** `xcap serve --http` serving `ws` with one token (`agent`) added, and `post`: a 2026-07-28 POST of `body` with that token and `headers` on top. */
async function httpServeWithToken(
  ws: HttpWorkspace,
): Promise<{ serve: HttpServeProcess; post: (body: string, headers: Record<string, string>) => Promise<Response> }> {
  const added = await runXcap(['token', 'add', 'agent', '--data', ws.data]);
  expect(added.code).toBe(0);
  const serve = await spawnHttpServe([...workspaceArgs(ws), '--http', '127.0.0.1:0']);
  cleanup.push(() => killServe(serve));
  const post = (body: string, headers: Record<string, string>) =>
    fetch(serve.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        authorization: `Bearer ${added.stdout.trim()}`,
        ...headers,
      },
      body,
    });
  return { serve, post };
}

/** The audit rows in `ws` as `[clientId?, tool, status, error, argsHash]` (the client id when `withClient`), sorted. */
const sortedRows = (ws: HttpWorkspace, withClient: boolean) =>
  auditRows(ws.data)
    .map((row) => [...(withClient ? [row.clientId] : []), row.tool, row.status, row.error, row.argsHash])
    .sort();

describe('xcap serve: tools/call requests the MCP SDK answers itself (modern era) still leave exactly one row', () => {
  it('stdio: without the _meta envelope and with a bogus one, the SDK answer and one invalid row each', async () => {
    const ws = await httpWorkspace();
    cleanup.push(() => ws.remove());
    const lines = [
      list,
      call(2, { name: 'photos__list', arguments: { limit: 1 } }),
      call(3, { name: 'photos__list', arguments: { limit: 2 }, _meta: { 'io.modelcontextprotocol/protocolVersion': 'bogus' } }),
      call(4, { name: 'photos__list', arguments: { limit: 3 }, _meta: envelope }),
    ];
    const answers = await stdioAnswers(ws, lines.map((line) => `${JSON.stringify(line)}\n`).join(''));
    const byId = new Map(answers.map((answer) => [answer.id, answer]));
    expect(byId.get(2)?.error?.message).toMatch(/^Request is missing the required _meta envelope/);
    expect(byId.get(3)?.error?.message).toMatch(/^Invalid _meta envelope/);
    expect(byId.get(4)?.error).toBeUndefined();
    expect(sortedRows(ws, false)).toEqual(
      [
        ['photos__list', 'invalid', 'invalidParams', hashOf({ limit: 1 })],
        ['photos__list', 'invalid', 'invalidParams', hashOf({ limit: 2 })],
        ['photos__list', 'denied', 'consentNeeded', hashOf({ limit: 3 })],
      ].sort(),
    );
  });

  it('HTTP: a modern POST without the _meta envelope gets the SDK answer (400) and one invalid row for its token', async () => {
    const ws = await httpWorkspace();
    cleanup.push(() => ws.remove());
    const { serve, post } = await httpServeWithToken(ws);
    const response = await post(JSON.stringify(call(7, { name: 'photos__list', arguments: { limit: 4 } })), {
      'mcp-method': 'tools/call',
      'mcp-name': 'photos__list',
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: number } }).error.code).toBe(-32602);
    serve.child.kill('SIGTERM');
    expect(await serve.exited).toBe(0);
    expect(sortedRows(ws, true)).toEqual([['token:agent', 'photos__list', 'invalid', 'invalidParams', hashOf({ limit: 4 })]]);
  });
});

describe('xcap serve: a tools/call is recognised after JSON decoding, and a refused batch leaves one row per call (issue 23, finding 5)', () => {
  const escaped = (id: number, limit: number) =>
    JSON.stringify(call(id, { name: 'photos__list', arguments: { limit } })).replace('"tools/call"', '"tools\\/call"');
  const batch = (first: number) =>
    JSON.stringify([
      call(first, { name: 'photos__list', arguments: { limit: first }, _meta: envelope }),
      call(first + 1, { name: 'photos__nope', arguments: {}, _meta: envelope }),
    ]);

  it('stdio: tools\\/call without the envelope and a batch of two modern tools/call: the answers and one row each', async () => {
    const ws = await httpWorkspace();
    cleanup.push(() => ws.remove());
    const answers = await stdioAnswers(ws, [JSON.stringify(list), escaped(2, 9), batch(3)].join('\n') + '\n');
    expect(answers.find((answer) => answer.id === 2)?.error?.message).toMatch(/^Request is missing the required _meta envelope/);
    expect(answers.find((answer) => answer.id === null)?.error?.code).toBe(-32600);
    expect(sortedRows(ws, false)).toEqual(
      [
        ['photos__list', 'invalid', 'invalidParams', hashOf({ limit: 9 })],
        ['photos__list', 'invalid', 'invalidParams', hashOf({ limit: 3 })],
        ['photos__nope', 'denied', 'unknownTool', hashOf({})],
      ].sort(),
    );
  });

  it('HTTP: tools\\/call without the envelope and a batch of two modern tools/call: the SDK answers (400) and one row each', async () => {
    const ws = await httpWorkspace();
    cleanup.push(() => ws.remove());
    const { serve, post } = await httpServeWithToken(ws);
    const single = await post(escaped(7, 4), { 'mcp-method': 'tools/call', 'mcp-name': 'photos__list' });
    expect(single.status).toBe(400);
    expect(((await single.json()) as { id: number }).id).toBe(7);
    const batched = await post(batch(8), {});
    expect(batched.status).toBe(400);
    expect(((await batched.json()) as { id: unknown; error: { code: number } }).error.code).toBe(-32600);
    serve.child.kill('SIGTERM');
    expect(await serve.exited).toBe(0);
    expect(sortedRows(ws, true)).toEqual(
      [
        ['token:agent', 'photos__list', 'invalid', 'invalidParams', hashOf({ limit: 4 })],
        ['token:agent', 'photos__list', 'invalid', 'invalidParams', hashOf({ limit: 8 })],
        ['token:agent', 'photos__nope', 'denied', 'unknownTool', hashOf({})],
      ].sort(),
    );
  });
});
