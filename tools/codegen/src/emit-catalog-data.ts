/** Emits `catalog-data.ts`: the validated catalog, cases stripped, as a frozen constant. */
import type { Catalog } from '@xcap/catalog/core';
import type { GeneratedFile } from './generated-file.js';
import { runtimeSpecifier, type OutputLayout } from './layout.js';

/** The built-in catalog as a typed constant. */
export function emitCatalogData(catalog: Catalog, layout: OutputLayout = 'package'): GeneratedFile {
  const runtime = runtimeSpecifier(layout, 0);
  const content = `import type { Catalog } from '${runtime}';
import { deepFreeze } from '${runtime}';

/** The built-in capability catalog (validated by loadCatalog, cases stripped, frozen). */
export const catalog: Catalog = deepFreeze<Catalog>(${JSON.stringify(catalog, null, 2)});
`;
  return { path: 'catalog-data.ts', content };
}
