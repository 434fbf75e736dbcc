import { execFileSync, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const tsc = join(root, 'node_modules/.bin/tsc');
const tsx = join(root, 'node_modules/.bin/tsx');
const cli = join(root, 'tools/codegen/src/cli.ts');

/** The fixture plus a new native tool `photos_delete` in the photos.read scope. */
function changedCatalog(): string {
  const doc = JSON.parse(readFileSync(join(root, 'fixtures/capabilities.json'), 'utf8'));
  const photos = doc.capabilities.find((c: { name: string }) => c.name === 'photos');
  photos.scopes[0].tools.push('delete');
  doc.tools.push({
    name: 'photos_delete',
    runs: 'native',
    description: 'Delete photos of the library by id.',
    inputSchema: {
      type: 'object',
      properties: { ids: { type: 'array', minItems: 1, maxItems: 10, items: { type: 'string', minLength: 1 } }, hard: { type: 'boolean', default: false } },
      required: ['ids'],
      additionalProperties: false,
    },
    nativeOutputSchema: { type: 'object', properties: { deleted: { type: 'integer', minimum: 0 } }, required: ['deleted'], additionalProperties: false },
    outputSchema: { type: 'object', properties: { deleted: { type: 'integer', minimum: 0 } }, required: ['deleted'], additionalProperties: false },
  });
  doc.tools.sort((a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : 1));
  return JSON.stringify(doc, null, 2);
}

describe('a catalog change regenerates into a fresh folder', () => {
  let dir = '';
  let withoutRow: SpawnSyncReturns<string> | undefined;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'xcap-codegen-'));
    // The hand-written part of the catalog package, without its generated folder.
    cpSync(join(root, 'packages/catalog/src'), join(dir, 'src'), { recursive: true, filter: (src) => !src.includes('/generated') });
    writeFileSync(join(dir, 'catalog.json'), changedCatalog());
    // A copy of the catalog package (its name and runtime make it the package layout).
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: '@xcap/catalog', private: true, type: 'module' }));
    // The tool table beside the catalog, first without a row for the new tool: codegen refuses it.
    const table = JSON.parse(readFileSync(join(root, 'fixtures/tool-annotations.json'), 'utf8'));
    writeFileSync(join(dir, 'tool-annotations.json'), JSON.stringify(table));
    const args = ['--tsconfig', join(root, 'tools/codegen/tsconfig.json'), cli, '--catalog', join(dir, 'catalog.json'), '--out', dir];
    withoutRow = spawnSync(tsx, args, { cwd: root, encoding: 'utf8' });
    table.tools.photos_delete = {
      title: 'Delete photos',
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
      reason: 'It deletes photos of the library.',
    };
    writeFileSync(join(dir, 'tool-annotations.json'), JSON.stringify(table));
    execFileSync(tsx, args, { cwd: root, stdio: 'pipe' });
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is refused, naming the tool and its pointer, until the tool table has its row', () => {
    expect(withoutRow?.status).toBe(2);
    expect(withoutRow?.stderr).toMatch(/^xcap-codegen: .*tool-annotations\.json: \/tools\/photos_delete: no row for the catalog's tool "photos_delete"/m);
  });

  it("carries the new row's title and hints in the generated catalog", () => {
    const data = readFileSync(join(dir, 'src/generated/catalog-data.ts'), 'utf8');
    expect(data).toContain('"title": "Delete photos"');
    expect(data).toMatch(/"destructiveHint": true/);
  });

  it('emits the new tool types, provider method, client method and validator', () => {
    const types = readFileSync(join(dir, 'src/generated/types/photos-delete.ts'), 'utf8');
    expect(types).toMatch(/export interface PhotosDeleteInput \{/);
    expect(types).toMatch(/export interface PhotosDeleteNativeOutput \{/);
    expect(readFileSync(join(dir, 'src/generated/providers.ts'), 'utf8')).toMatch(
      /delete\(input: PhotosDeleteNativeInput, context\?: NativeContext\): Promise<NativeResult<PhotosDeleteNativeOutput>>/,
    );
    expect(readFileSync(join(dir, 'src/generated/client.ts'), 'utf8')).toMatch(
      /delete\(args: ToolInputs\["photos_delete"\]\): Promise<ToolOutputs\["photos_delete"\]>/,
    );
    expect(readFileSync(join(dir, 'src/generated/names.ts'), 'utf8')).toContain('"photos__delete"');
    expect(readFileSync(join(dir, 'native/Sources/XcapNative/XcapNative.swift'), 'utf8')).toContain('PhotosDeleteNativeInput');
    expect(readFileSync(join(dir, 'native/src/main/kotlin/dev/xcap/nativetypes/XcapNative.kt'), 'utf8')).toMatch(
      /@Serializable\ndata class PhotosDeleteNativeInput/,
    );
    expect(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).xcap.catalogSha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('type-checks, and the new tool is typed end to end', () => {
    writeFileSync(
      join(dir, 'src/use-new-tool.ts'),
      `import { createToolClient, validators } from './generated/index.js';
import type { HostProviders, PhotosDeleteNativeInput } from './generated/index.js';
const client = createToolClient(async () => ({ content: [{ type: 'text', text: '{}' }], structuredContent: { deleted: 1 } }));
export const deleted: Promise<{ deleted: number }> = client.photos.delete({ ids: ['a'] });
// @ts-expect-error ids must be strings
client.photos.delete({ ids: [1] });
export const input: PhotosDeleteNativeInput = { ids: ['a'], hard: false };
export const provider: NonNullable<HostProviders['photos']>['delete'] = async (i) => ({ structuredContent: { deleted: i.ids.length } });
export const checked = validators.photos_delete({ ids: [] });
`,
    );
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        extends: join(root, 'tsconfig.base.json'),
        compilerOptions: { noEmit: true, typeRoots: [join(root, 'node_modules/@types')] },
        include: ['src'],
      }),
    );
    const out = (() => {
      try {
        return execFileSync(tsc, ['-p', join(dir, 'tsconfig.json')], { cwd: dir, encoding: 'utf8' });
      } catch (error) {
        return String((error as { stdout?: string }).stdout ?? error);
      }
    })();
    expect(out).toBe('');
  }, 120_000);
});
