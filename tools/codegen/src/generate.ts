/**
 * `generate`: the whole generator, from a catalog document's text to the
 * list of files (headers included) and the metadata recorded in the
 * catalog package's package.json. Pure: it writes nothing.
 */
import { createHash } from 'node:crypto';
import { emitCatalogData } from './emit-catalog-data.js';
import { emitClient } from './emit-client.js';
import { emitIndex } from './emit-index.js';
import { emitNames } from './emit-names.js';
import { emitNative } from './emit-native.js';
import { emitProviderProtocolSchema } from './emit-provider-protocol-schema.js';
import { emitProviders } from './emit-providers.js';
import { emitReadme } from './emit-readme.js';
import { emitToolMap } from './emit-tool-map.js';
import { emitTypes } from './emit-types.js';
import { emitValidators } from './emit-validators.js';
import type { GeneratedFile } from './generated-file.js';
import { withHeader } from './header.js';
import { modulesDir, type OutputLayout } from './layout.js';
import { readCatalogText } from './read-catalog-text.js';
import { readToolTable, withToolTable, type ToolTableText } from './tool-table.js';
import { generatorVersion } from './version.js';

/** What the generator records about its input in the catalog package's package.json (`xcap`). */
export interface GenerationMeta {
  readonly catalogSha256: string;
  readonly generatorVersion: string;
}

/** The generator's output: files relative to the output folder, the metadata, and the layout they are for. */
export interface Generation {
  readonly files: readonly GeneratedFile[];
  readonly meta: GenerationMeta;
  /** `package` (the `@xcap/catalog` package) when absent. */
  readonly layout?: OutputLayout;
}

/**
 * Generates every file from the catalog text. `source` is the catalog's
 * name as the headers print it (a path relative to the output, never a
 * machine path); `layout` is the kind of output folder (see `OutputLayout`).
 * `toolTable` (the table beside the catalog, `tool-table.ts`) gives every
 * tool its MCP `title` and `annotations` in the generated catalog; without
 * it the tools have none. Throws the `CatalogError` of a bad catalog, or
 * the `ToolTableError` of a table that does not fit it, listing every
 * problem, before generating anything.
 */
export async function generate(catalogText: string, source: string, layout: OutputLayout = 'package', toolTable?: ToolTableText): Promise<Generation> {
  const read = readCatalogText(catalogText, source).catalog;
  const catalog = toolTable === undefined ? read : withToolTable(read, readToolTable(toolTable, read));
  const catalogSha256 = createHash('sha256').update(catalogText).digest('hex');
  const modules = [
    emitCatalogData(catalog, layout),
    emitNames(catalog),
    ...(await emitTypes(catalog)),
    emitToolMap(catalog),
    emitProviders(catalog, layout),
    emitClient(catalog, layout),
    ...emitValidators(catalog, layout),
  ];
  const all = [...modules, emitIndex(modules, layout), emitReadme({ source, sha256: catalogSha256 }, layout)];
  const files = [
    ...all.map((f) => ({ path: `${modulesDir(layout)}${f.path}`, content: f.content })),
    ...(await emitNative(catalog)),
    emitProviderProtocolSchema(catalog),
  ]
    .map((f): GeneratedFile => ({ path: f.path, content: withHeader(f.path, f.content, source, layout) }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { files, meta: { catalogSha256, generatorVersion }, layout };
}
