import { readFileSync } from 'node:fs';
import { ProtocolError } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { runIdPattern } from '../src/index.js';
import { connect, type Connected } from './support/connect.js';

interface TableRow {
  readonly title: string;
  readonly annotations: Record<string, boolean>;
}
/** The tool table and the catalog document as written, read from the files themselves (not through codegen). */
const toolTable = JSON.parse(readFileSync(new URL('../../../fixtures/tool-annotations.json', import.meta.url), 'utf8')) as {
  readonly tools: Record<string, TableRow | undefined>;
};
const fixtureTools = (
  JSON.parse(readFileSync(new URL('../../../fixtures/capabilities.json', import.meta.url), 'utf8')) as {
    readonly tools: readonly { readonly name: string; readonly description: string; readonly inputSchema: unknown; readonly outputSchema: unknown }[];
  }
).tools;

const open: Connected[] = [];
afterEach(async () => {
  for (const c of open.splice(0)) await c.client.close().catch(() => undefined);
});

async function connected(era: 'legacy' | 'modern'): Promise<Connected> {
  const c = await connect({ era });
  open.push(c);
  return c;
}

describe.each(['legacy', 'modern'] as const)('serveStdioCallPath, %s era, checked by the official v2 client', (era) => {
  it('negotiates the era and lists the call path tools with the raw catalog schemas', async () => {
    const { client, host, served } = await connected(era);
    expect(client.getProtocolEra()).toBe(era);
    const { tools } = await client.listTools();
    expect(served.era()).toBe(era);
    const listed = host.callPath.listTools();
    expect(tools.map((t) => t.name)).toEqual(listed.map((t) => t.name));
    for (const [i, tool] of tools.entries()) {
      expect(tool.inputSchema).toEqual(listed[i]?.inputSchema);
      expect(tool.outputSchema).toEqual(listed[i]?.outputSchema);
      expect(tool.description).toBe(listed[i]?.description);
    }
  });

  it("lists each tool's title and four MCP hints from the tool table, description and schemas exactly the catalog document's", async () => {
    const { client } = await connected(era);
    const { tools } = await client.listTools();
    expect(tools.length).toBeGreaterThan(0);
    for (const tool of tools) {
      const name = tool.name.replace('__', '_');
      const row = toolTable.tools[name];
      const def = fixtureTools.find((t) => t.name === name);
      expect(row, name).toBeDefined();
      expect(tool.title, name).toBe(row?.title);
      expect(tool.annotations, name).toEqual(row?.annotations);
      expect(tool.description, name).toBe(def?.description);
      expect(tool.inputSchema, name).toEqual(def?.inputSchema);
      expect(tool.outputSchema, name).toEqual(def?.outputSchema);
    }
    const list = tools.find((t) => t.name === 'photos__list');
    expect(list?.annotations).toEqual({ readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
    expect(list?.title).toBe('List photos');
  });

  it('a granted call answers structuredContent the client validates; refusals are isError without structuredContent; one row each', async () => {
    const { client, host, served } = await connected(era);
    await client.listTools();
    host.grants.set('acme.album', 'photos.read', 'granted');
    const result = await client.callTool({ name: 'photos__pick', arguments: { limit: 2 } });
    expect(result.isError).toBeFalsy();
    expect((result.structuredContent as { photos: unknown[] }).photos).toHaveLength(2);
    const background = await client.callTool({ name: 'notifications__post', arguments: { title: 'Done' } });
    expect(background.isError).toBe(true);
    expect(background.structuredContent).toBeUndefined();
    expect(background.content).toEqual([{ type: 'text', text: 'denied: consentNeeded' }]);
    const picker = await client.callTool({ name: 'print__pdf', arguments: { title: 'x', blocks: [{ text: 'hi' }] } });
    expect(picker.content).toEqual([{ type: 'text', text: 'denied: needsForeground' }]);
    expect(picker.structuredContent).toBeUndefined();
    expect(host.audit.rows.map((r) => [r.clientId, r.tool, r.status, r.error])).toEqual([
      [served.clientId, 'photos__pick', 'ok', null],
      [served.clientId, 'notifications__post', 'denied', 'consentNeeded'],
      [served.clientId, 'print__pdf', 'denied', 'needsForeground'],
    ]);
    expect(served.clientId).toMatch(runIdPattern);
  });

  it('an unknown tool is -32602 with exactly `Unknown tool: <name>`, and audited', async () => {
    const { client, host } = await connected(era);
    await client.listTools();
    const error = await client.callTool({ name: 'photos__delete', arguments: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProtocolError);
    expect((error as ProtocolError).code).toBe(-32602);
    expect((error as ProtocolError).message).toBe('Unknown tool: photos__delete');
    expect(host.audit.rows).toEqual([expect.objectContaining({ tool: 'photos__delete', status: 'denied', error: 'unknownTool' })]);
  });
});
