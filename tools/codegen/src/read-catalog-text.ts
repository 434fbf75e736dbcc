import { loadCatalog, parseJsonText, type Catalog } from '@xcap/catalog/core';

/** A catalog file's text, parsed and checked. */
export interface CatalogText {
  /** The parsed JSON document as written (its `$comment` and cases included). */
  readonly doc: unknown;
  /** The document as `loadCatalog` answers it. */
  readonly catalog: Catalog;
}

/**
 * Parses and checks a catalog file's text; `source` names the file in the
 * error. Throws `<source>: not JSON: line <l>, column <c>: …` (`parseJsonText`) for text that is not JSON, and the
 * `CatalogError` (every problem) of a bad catalog.
 */
export function readCatalogText(catalogText: string, source: string): CatalogText {
  let doc: unknown;
  try {
    doc = parseJsonText(catalogText);
  } catch (error) {
    throw new Error(`${source}: not JSON: ${(error as Error).message}`);
  }
  return { doc, catalog: loadCatalog(doc) };
}
