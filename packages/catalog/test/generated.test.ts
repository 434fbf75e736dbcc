import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ToolCallError,
  capabilityHosts,
  catalog,
  createToolClient,
  loadCatalog,
  qualifiedNameOf,
  qualifiedToolNames,
  scopeToolNames,
  toolNames,
} from '../src/index.js';
import type { ToolInvocation } from '../src/index.js';
import { fixtureDoc } from './fixture.js';

describe('the generated catalog data', () => {
  it("is the fixture as loadCatalog answers it plus each tool's title and hints from the tool table, frozen", () => {
    const table = JSON.parse(readFileSync(new URL('../../../fixtures/tool-annotations.json', import.meta.url), 'utf8')) as {
      tools: Record<string, { title: string; annotations: object }>;
    };
    const loaded = loadCatalog(fixtureDoc());
    expect(catalog).toEqual({
      ...loaded,
      tools: loaded.tools.map((tool) => ({ ...tool, title: table.tools[tool.name]?.title, annotations: table.tools[tool.name]?.annotations })),
    });
    expect(Object.isFrozen(catalog.tools[0]?.annotations)).toBe(true);
    expect(Object.isFrozen(catalog.capabilities)).toBe(true);
    expect(() => {
      (catalog.reservedNames as string[]).push('x');
    }).toThrow(TypeError);
  });

  it('names every v1 tool in both spellings and every scope tool', () => {
    expect(toolNames).toEqual(fixtureDoc().tools.map((t: { name: string }) => t.name));
    expect(qualifiedToolNames).toContain('photos__pick');
    expect(qualifiedNameOf.print_pdf).toBe('print__pdf');
    expect(scopeToolNames).toContain('camera_capture');
    expect(capabilityHosts).toEqual({ focus: 'ede', launch: 'ede', windows: 'ede' });
  });
});

describe('createToolClient', () => {
  it('hands the transport both spellings and resolves to the structured content', async () => {
    const seen: ToolInvocation[] = [];
    const client = createToolClient(async (call) => {
      seen.push(call);
      return { content: [{ type: 'text', text: '{"photos":[]}' }], structuredContent: { photos: [] } };
    });
    await expect(client.photos.pick()).resolves.toEqual({ photos: [] });
    expect(seen).toEqual([{ name: 'photos_pick', qualifiedName: 'photos__pick', arguments: {} }]);
  });

  it('rejects an isError answer with a ToolCallError carrying the reason and its code', async () => {
    const client = createToolClient(async () => ({ content: [{ type: 'text', text: 'invalidParams: /limit maximum' }], isError: true }));
    const error = await client.photos.pick({ limit: 51 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolCallError);
    expect(error).toMatchObject({ tool: 'photos_pick', reason: 'invalidParams: /limit maximum', code: 'invalidParams' });
  });

  it('rejects an answer without structured content', async () => {
    const client = createToolClient(async () => ({ content: [{ type: 'text', text: 'ok' }] }) as never);
    await expect(client.share.send({ text: 'x' })).rejects.toMatchObject({ reason: 'badResult: no structuredContent' });
  });
});
