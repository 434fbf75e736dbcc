import { createMCPClient, type MCPClient } from '@ai-sdk/mcp';
import { StdioMCPTransport } from '@ai-sdk/mcp/mcp-stdio';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { requireBuilt, runXcap, workspace, xcapBin, type Workspace } from '../e2e/xcap-process.js';
import { ReadyStdioTransport } from './ready-stdio-transport.js';

// Child processes on a loaded 2-core machine: the shared 20 s is too short.
vi.setConfig({ testTimeout: 60_000 });

beforeAll(requireBuilt);

/** `xcap serve` of a workspace whose app is granted photos.read (so photos__list answers photos). */
async function grantedWorkspace(): Promise<{ ws: Workspace; args: string[] }> {
  const ws = await workspace();
  const granted = await runXcap(['grant', 'acme.album', 'photos.read', '--data', ws.data]);
  expect(granted.code).toBe(0);
  return { ws, args: [xcapBin, 'serve', '--manifest', ws.manifest, '--data', ws.data, '--photos', ws.photos] };
}

/** Lists the tools and calls photos__list through the AI SDK's client; answers the listed names and the photos' names. */
async function listAndCall(client: MCPClient): Promise<{ tools: string[]; photos: string[] }> {
  const { tools } = await client.listTools();
  const result = await client.callTool({ name: 'photos__list', arguments: { limit: 2 } });
  const photos = (result.structuredContent as { photos?: { name: string }[] } | undefined)?.photos ?? [];
  return { tools: tools.map((t) => t.name), photos: photos.map((p) => p.name) };
}

const expected = { tools: ['photos__get', 'photos__list', 'photos__pick', 'print__pdf', 'print__print'], photos: ['Sunset.png', 'Forest walk.png'] };

describe('the Vercel AI SDK MCP client (@ai-sdk/mcp) against xcap serve over stdio', () => {
  it('negotiates 2026-07-28 (server/discover), lists and calls a tool, and reports no uncaught error', async () => {
    const { args } = await grantedWorkspace();
    const errors: unknown[] = [];
    const client = await createMCPClient({
      transport: new ReadyStdioTransport({ command: process.execPath, args, env: { PATH: process.env.PATH ?? '' }, stderr: 'ignore' }),
      onUncaughtError: (error) => errors.push(error),
    });
    try {
      expect(client.initializeResult.protocolVersion).toBe('2026-07-28');
      expect(client.serverInfo.name).toBe('xcap');
      expect(await listAndCall(client)).toEqual(expected);
      // The AI SDK turns the listed JSON Schemas into its own tool set: every tool is there, with an execute.
      const toolSet = await client.tools();
      expect(Object.keys(toolSet).sort()).toEqual(expected.tools);
    } finally {
      await client.close();
    }
    expect(errors).toEqual([]);
  });

  it('started cold, as a user writes it: serves in the era it negotiated; the only uncaught error is a late discover answer', async ({ annotate }) => {
    const { args } = await grantedWorkspace();
    const errors: unknown[] = [];
    const started = performance.now();
    const client = await createMCPClient({
      transport: new StdioMCPTransport({ command: process.execPath, args, env: { PATH: process.env.PATH ?? '' }, stderr: 'ignore' }),
      onUncaughtError: (error) => errors.push(error),
    });
    const connectedMs = performance.now() - started;
    try {
      // 2026-07-28 when xcap answered server/discover within the client's fixed 1 s, else the client's fallback.
      const era = client.initializeResult.protocolVersion;
      await annotate(`negotiated ${era} after ${connectedMs.toFixed(0)} ms`);
      expect(['2026-07-28', '2025-11-25']).toContain(era);
      expect(await listAndCall(client)).toEqual(expected);
    } finally {
      await client.close();
    }
    const others = errors.filter((error) => !(error instanceof Error && /unknown message ID/.test(error.message) && /"supportedVersions"/.test(error.message)));
    expect(others).toEqual([]);
  });
});
