/**
 * `generate`: the whole generator, from a catalog document's text to the
 * list of files (headers included) and the metadata recorded in the
 * catalog package's package.json. Pure: it writes nothing.
 */
import { createHash } from 'node:crypto';
import { loadCatalog } from '@xcap/catalog/core';
import { emitCatalogData } from './emit-catalog-data.js';
import { emitClient } from './emit-client.js';
import { emitIndex } from './emit-index.js';
import { emitNames } from './emit-names.js';
import { emitNative } from './emit-native.js';
import { emitProviders } from './emit-providers.js';
import { emitReadme } from './emit-readme.js';
import { emitToolMap } from './emit-tool-map.js';
import { emitTypes } from './emit-types.js';
import { emitValidators } from './emit-validators.js';
import type { GeneratedFile } from './generated-file.js';
import { headerLine } from './header.js';
import { generatorVersion } from './version.js';

/** What the generator records about its input in the catalog package's package.json (`xcap`). */
export interface GenerationMeta {
  readonly catalogSha256: string;
  readonly generatorVersion: string;
}

/** The generator's output: files relative to the catalog package's folder, and the metadata. */
export interface Generation {
  readonly files: readonly GeneratedFile[];
  readonly meta: GenerationMeta;
}

/**
 * Generates every file from the catalog text. `source` is the catalog's
 * path as the headers name it. Throws the `CatalogError` of a bad catalog
 * before generating anything.
 */
export async function generate(catalogText: string, source: string): Promise<Generation> {
  let doc: unknown;
  try {
    doc = JSON.parse(catalogText);
  } catch (error) {
    throw new Error(`${source}: not JSON (${(error as Error).message})`);
  }
  const catalog = loadCatalog(doc);
  const inGenerated = [
    emitCatalogData(catalog),
    emitNames(catalog),
    ...(await emitTypes(catalog)),
    emitToolMap(catalog),
    emitProviders(catalog),
    emitClient(catalog),
    ...emitValidators(catalog),
  ];
  const all = [...inGenerated, emitIndex(inGenerated), emitReadme(source)];
  const files = [
    ...all.map((f) => ({ path: `src/generated/${f.path}`, content: f.content })),
    ...(await emitNative(catalog)),
  ]
    .map((f) => ({ path: f.path, content: `${headerLine(f.path, source)}\n${f.content}` }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return {
    files,
    meta: { catalogSha256: createHash('sha256').update(catalogText).digest('hex'), generatorVersion },
  };
}
