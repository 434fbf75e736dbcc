import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { dataPaths, FileGrantStore } from '@xcap/store-local';
import { auditRows, hashOf, httpAgent, httpWorkspace, mcpPostHeaders, workspaceArgs } from '../http/http-workspace.js';
import { killServe, spawnHttpServe, type HttpServeProcess } from './http-process.js';
import { requireBuilt, runXcap } from './xcap-process.js';

// Child processes (xcap serve, SDK clients, providers): the shared 20 s is too short on a loaded 2-core machine.
vi.setConfig({ testTimeout: 60_000 });

beforeAll(requireBuilt);

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step().catch(() => undefined);
});

async function tokenAdd(data: string, name: string): Promise<string> {
  const added = await runXcap(['token', 'add', name, '--data', data]);
  expect(added.code).toBe(0);
  return added.stdout.trim();
}

function post(url: string, headers: Record<string, string>, body = '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}'): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { ...mcpPostHeaders, ...headers },
    body,
  });
}

describe('xcap serve --http as a process', () => {
  it('serves both eras, enforces the locks, sees xcap token revoke at once, and exits 0 on SIGTERM', async () => {
    const ws = await httpWorkspace();
    cleanup.push(() => ws.remove());
    await new FileGrantStore(dataPaths(ws.data).consent).set('acme.album', 'photos.read', 'granted');
    const modernToken = await tokenAdd(ws.data, 'modern');
    const legacyToken = await tokenAdd(ws.data, 'legacy');
    let serve: HttpServeProcess | undefined = await spawnHttpServe([...workspaceArgs(ws), '--http', '127.0.0.1:0']);
    cleanup.push(() => (serve === undefined ? Promise.resolve() : killServe(serve)));
    expect(serve.stderr()).toMatch(/2 token\(s\) in .*tokens\.json/);

    const modern = await httpAgent(serve.url, modernToken, 'modern');
    const legacy = await httpAgent(serve.url, legacyToken, 'legacy');
    cleanup.push(
      () => modern.close(),
      () => legacy.close(),
    );
    expect([modern.getProtocolEra(), legacy.getProtocolEra()]).toEqual(['modern', 'legacy']);
    expect((await modern.callTool({ name: 'photos__list', arguments: { limit: 1 } })).isError).toBeFalsy();
    expect((await legacy.callTool({ name: 'photos__list', arguments: { limit: 2 } })).isError).toBeFalsy();

    expect((await post(serve.url, {})).status).toBe(401);
    expect((await post(serve.url, { authorization: 'Bearer not-a-token' })).status).toBe(401);
    expect((await post(serve.url, { authorization: `Bearer ${modernToken}`, origin: 'http://evil.example' })).status).toBe(403);
    const big = await post(serve.url, { authorization: `Bearer ${modernToken}` }, `{"pad":"${'x'.repeat(5 * 1024 * 1024)}"}`);
    expect(big.status).toBe(413);

    expect((await runXcap(['token', 'revoke', 'modern', '--data', ws.data])).code).toBe(0);
    const revoked = await post(serve.url, { authorization: `Bearer ${modernToken}` });
    expect(revoked.status).toBe(401);
    expect(revoked.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect((await legacy.callTool({ name: 'photos__list', arguments: { limit: 3 } })).isError).toBeFalsy();

    serve.child.kill('SIGTERM');
    expect(await serve.exited).toBe(0);
    serve = undefined;
    expect(
      auditRows(ws.data)
        .map((row) => [row.clientId, row.argsHash])
        .sort(),
    ).toEqual(
      [
        ['token:legacy', hashOf({ limit: 2 })],
        ['token:legacy', hashOf({ limit: 3 })],
        ['token:modern', hashOf({ limit: 1 })],
      ].sort(),
    );
  });
});
