import { Client, ClientCredentialsProvider, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { dataPaths, FileGrantStore, FileTokenStore, tokenFilePath } from '@xcap/store-local';
import { startAuthorizationServer, type AuthorizationServer } from '@xcap/test-support';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditRows, httpAgent, httpWorkspace, mcpPostHeaders, workspaceArgs, type HttpWorkspace } from '../http/http-workspace.js';
import { killServe, spawnHttpServe } from './http-process.js';
import { requireBuilt } from './xcap-process.js';

// Child processes and an authorization server: the shared 20 s is too short on a loaded 2-core machine.
vi.setConfig({ testTimeout: 60_000 });

let as: AuthorizationServer;
beforeAll(async () => {
  requireBuilt();
  as = await startAuthorizationServer();
});
afterAll(() => as.close());

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step().catch(() => undefined);
});

/** A workspace with photos.read granted and a static token `alice` (its secret). */
async function workspaceWithToken(): Promise<{ ws: HttpWorkspace; alice: string }> {
  const ws = await httpWorkspace();
  cleanup.push(() => ws.remove());
  await new FileGrantStore(dataPaths(ws.data).consent).set('acme.album', 'photos.read', 'granted');
  return { ws, alice: await new FileTokenStore(tokenFilePath(ws.data)).add('alice') };
}

async function serveWith(ws: HttpWorkspace, flags: readonly string[]) {
  const serve = await spawnHttpServe([...workspaceArgs(ws), '--http', '127.0.0.1:0', '--oauth-issuer', as.issuer, ...flags]);
  cleanup.push(() => killServe(serve));
  return serve;
}

const tokensList = (url: string, token: string) =>
  fetch(url, {
    method: 'POST',
    headers: { ...mcpPostHeaders, authorization: `Bearer ${token}` },
    body: '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}',
  });

describe('xcap serve --http --oauth-issuer as a process', () => {
  it('the SDK v2 client, knowing only the URL, gets a token and calls a tool, audited as oauth:<client>@<issuer>; static tokens still work', async () => {
    const { ws, alice } = await workspaceWithToken();
    const serve = await serveWith(ws, ['--oauth-scope', 'xcap:call']);
    expect(serve.stderr()).toContain(`OAuth resource ${serve.url} for ${as.issuer} (scopes xcap:call)`);
    const metadata = await fetch(serve.url.replace('/mcp', '/.well-known/oauth-protected-resource/mcp'));
    expect(metadata.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
    expect(await metadata.json()).toEqual({
      resource: serve.url,
      authorization_servers: [as.issuer],
      bearer_methods_supported: ['header'],
      scopes_supported: ['xcap:call'],
    });

    const client = new Client({ name: 'oauth-agent', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(serve.url), {
        authProvider: new ClientCredentialsProvider({ clientId: as.client.id, clientSecret: as.client.secret, expectedIssuer: as.issuer }),
      }),
    );
    try {
      const result = await client.callTool({ name: 'photos__list', arguments: { limit: 1 } });
      expect(result.isError).not.toBe(true);
    } finally {
      await client.close();
    }
    const agent = await httpAgent(serve.url, alice, 'legacy');
    try {
      expect((await agent.callTool({ name: 'photos__list', arguments: { limit: 1 } })).isError).not.toBe(true);
    } finally {
      await agent.close();
    }
    expect(
      auditRows(ws.data)
        .sort((a, b) => a.id - b.id)
        .map((row) => [row.clientId, row.tool, row.status]),
    ).toEqual([
      [`oauth:${as.client.id}@${as.issuer}`, 'photos__list', 'ok'],
      ['token:alice', 'photos__list', 'ok'],
    ]);
    // A token without the scope: 403 insufficient_scope.
    const unscoped = await tokensList(serve.url, await as.token(serve.url));
    expect(unscoped.status).toBe(403);
    expect(unscoped.headers.get('www-authenticate')).toContain('error="insufficient_scope"');
  });

  it('--oauth-only refuses static tokens (401 naming the metadata) and admits access tokens', async () => {
    const { ws, alice } = await workspaceWithToken();
    const serve = await serveWith(ws, ['--oauth-only']);
    expect(serve.stderr()).toContain('OAuth access tokens only');
    const refused = await tokensList(serve.url, alice);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toBe(
      `Bearer realm="xcap", resource_metadata="${serve.url.replace('/mcp', '/.well-known/oauth-protected-resource/mcp')}", error="invalid_token"`,
    );
    expect((await tokensList(serve.url, await as.token(serve.url))).status).toBe(200);
  });
});
