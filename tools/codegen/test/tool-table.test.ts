import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalog as builtIn } from '@xcap/catalog';
import { loadCatalog } from '@xcap/catalog/core';
import { errorOf } from '@xcap/test-support';
import { describe, expect, it } from 'vitest';
import { catalogDocs } from '../src/docs/catalog-docs.js';
import { generate } from '../src/generate.js';
import { readToolTable, ToolTableError, toolTitleMaxLength, withToolTable } from '../src/tool-table.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const catalogText = readFileSync(join(root, 'fixtures/capabilities.json'), 'utf8');
const catalog = loadCatalog(JSON.parse(catalogText));
const tableText = readFileSync(join(root, 'fixtures/tool-annotations.json'), 'utf8');
const source = 'fixtures/tool-annotations.json';

/** The fixture table edited by `edit`, as a table text. */
function edited(edit: (doc: { tools: Record<string, Record<string, unknown>> }) => void) {
  const doc = JSON.parse(tableText);
  edit(doc);
  return { text: JSON.stringify(doc), source };
}

describe('the tool table (fixtures/tool-annotations.json)', () => {
  it('has a row for every catalog tool, each hint a boolean and a reason given', () => {
    const rows = readToolTable({ text: tableText, source }, catalog);
    expect([...rows.keys()].sort()).toEqual(catalog.tools.map((t) => t.name).sort());
    const doc = JSON.parse(tableText);
    for (const tool of catalog.tools) expect(doc.tools[tool.name].reason.length, tool.name).toBeGreaterThan(40);
  });

  it('makes the reasoned choices the issue names', () => {
    const rows = readToolTable({ text: tableText, source }, catalog);
    expect(rows.get('photos_list')?.annotations).toEqual({ readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
    expect(rows.get('files_save')?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    expect(rows.get('share_send')?.annotations).toMatchObject({ readOnlyHint: false, openWorldHint: true });
    // Posting an id again replaces a notification: that writes over something.
    expect(rows.get('notifications_post')?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(rows.get('windows_list')?.annotations.readOnlyHint).toBe(true);
  });

  it('refuses a missing row, naming the tool and its pointer', () => {
    const table = edited((doc) => delete doc.tools.photos_list);
    expect(() => readToolTable(table, catalog)).toThrow(
      errorOf(ToolTableError, `${source}: /tools/photos_list: no row for the catalog's tool "photos_list" (add its title, annotations and reason)`),
    );
  });

  it('refuses a row for a tool the catalog lacks, and unknown keys, each by its pointer, all at once', () => {
    const table = edited((doc) => {
      doc.tools.photos_delete = structuredClone(doc.tools.photos_list!);
      doc.tools.photos_get!.icon = 'camera';
      (doc.tools.share_send!.annotations as Record<string, unknown>).readonlyHint = true;
    });
    let error: ToolTableError | undefined;
    try {
      readToolTable(table, catalog);
    } catch (e) {
      error = e as ToolTableError;
    }
    expect(error).toBeInstanceOf(ToolTableError);
    expect(error?.problems).toEqual([
      '/tools/photos_get/icon: unknown key "icon" (a row has: title, annotations, reason)',
      '/tools/share_send/annotations/readonlyHint: unknown key "readonlyHint" (the MCP hints are: readOnlyHint, destructiveHint, idempotentHint, openWorldHint)',
      '/tools/photos_delete: the catalog has no tool "photos_delete" (remove the row, or fix its name)',
    ]);
    expect(error?.message).toMatch(/^fixtures\/tool-annotations\.json: 3 problems\n {2}\/tools\/photos_get\/icon/);
  });

  it('refuses a missing or non-boolean hint, a missing reason and a bad title', () => {
    const table = edited((doc) => {
      const hints = doc.tools.files_save!.annotations as Record<string, unknown>;
      delete hints.destructiveHint;
      hints.openWorldHint = 'no';
      doc.tools.files_open!.reason = ' ';
      doc.tools.photos_get!.title = '';
      doc.tools.photos_pick!.annotations = [];
    });
    expect(() => readToolTable(table, catalog)).toThrow(ToolTableError);
    const problems = (() => {
      try {
        readToolTable(table, catalog);
        return [];
      } catch (e) {
        return (e as ToolTableError).problems;
      }
    })();
    expect(problems).toEqual([
      '/tools/files_open/reason: files_open needs the reason for its hints',
      '/tools/files_save/annotations/destructiveHint: files_save needs destructiveHint (true or false, a reasoned choice)',
      '/tools/files_save/annotations/openWorldHint: files_save needs openWorldHint (true or false, a reasoned choice)',
      '/tools/photos_get/title: photos_get needs a title of 1–60 characters',
      '/tools/photos_pick/annotations: photos_pick needs an object with readOnlyHint, destructiveHint, idempotentHint, openWorldHint',
    ]);
  });

  it(`takes a title of ${toolTitleMaxLength} characters and refuses one more`, () => {
    const at = edited((doc) => (doc.tools.photos_get!.title = 'x'.repeat(toolTitleMaxLength)));
    expect(readToolTable(at, catalog).get('photos_get')?.title).toHaveLength(toolTitleMaxLength);
    const over = edited((doc) => (doc.tools.photos_get!.title = 'x'.repeat(toolTitleMaxLength + 1)));
    expect(() => readToolTable(over, catalog)).toThrow(/\/tools\/photos_get\/title: photos_get needs a title of 1–60 characters/);
  });

  it('refuses a table that is not JSON or has no tools object, and an unknown top-level key', () => {
    expect(() => readToolTable({ text: '{', source }, catalog)).toThrow(/^fixtures\/tool-annotations\.json: not JSON/);
    expect(() => readToolTable({ text: '[]', source }, catalog)).toThrow(/\/tools: must be an object/);
    const extra = edited((doc) => ((doc as unknown as Record<string, unknown>).hints = {}));
    expect(() => readToolTable(extra, catalog)).toThrow(/\/hints: unknown key "hints"/);
  });

  it('is merged into the generated catalog, leaving every description and schema as the catalog has it', async () => {
    const merged = withToolTable(catalog, readToolTable({ text: tableText, source }, catalog));
    merged.tools.forEach((tool, i) => {
      const { title, annotations, ...rest } = tool;
      expect(rest).toEqual(catalog.tools[i]);
      expect(title).toBeTypeOf('string');
      expect(annotations).toBeDefined();
    });
    const gen = await generate(catalogText, 'fixtures/capabilities.json', 'package', { text: tableText, source });
    const data = gen.files.find((f) => f.path === 'src/generated/catalog-data.ts')?.content ?? '';
    expect(data).toContain('"title": "List photos"');
    const without = await generate(catalogText, 'fixtures/capabilities.json', 'package');
    expect(without.files.find((f) => f.path === 'src/generated/catalog-data.ts')?.content).not.toContain('"title": "List photos"');
  }, 60_000);

  it('is in the committed built-in catalog (@xcap/catalog): every tool has its title and hints', () => {
    const rows = readToolTable({ text: tableText, source }, catalog);
    for (const tool of builtIn.tools) {
      const row = rows.get(tool.name);
      expect({ title: tool.title, annotations: tool.annotations }, tool.name).toEqual({ title: row?.title, annotations: row?.annotations });
      expect(tool, tool.name).not.toHaveProperty('reason');
    }
  });

  it('shows in the catalog reference: each tool its title and four hints', () => {
    const files = catalogDocs(catalogText, 'fixtures/capabilities.json', { text: tableText, source });
    const photos = files.find((f) => f.path === 'capabilities/photos.md')?.content ?? '';
    expect(photos).toContain(
      '- **title**: List photos\n- **MCP hints**: `readOnlyHint` yes, `destructiveHint` no, `idempotentHint` yes, `openWorldHint` no\n- **why these hints**: Read-only: it lists',
    );
  });
});
