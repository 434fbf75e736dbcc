/** Loads fixtures/capabilities.json for the tests: the catalog (through loadCatalog) and its case arrays. */
import { readFileSync } from 'node:fs';
import { loadCatalog, type Catalog } from '@xcap/catalog';

/** The parsed fixture document. */
export const fixture = JSON.parse(readFileSync(new URL('../../../fixtures/capabilities.json', import.meta.url), 'utf8')) as Record<string, unknown>;

/** The fixture as a validated catalog. */
export const catalog: Catalog = loadCatalog(fixture);

/** A case array of the fixture, typed loosely (each test reads the fields it needs). */
export function cases<T>(kind: string): T[] {
  const list = fixture[kind];
  if (!Array.isArray(list)) throw new Error(`fixture has no ${kind}`);
  return list as T[];
}

/**
 * A deep copy of the fixture document with `change` applied, cast to a
 * catalog without loadCatalog (a new catalog object, so a fresh index): the
 * broker must cope even with catalogs loadCatalog would refuse.
 */
export function variant(
  change: (doc: { capabilities: Record<string, unknown>[]; tools: Record<string, unknown>[] } & Record<string, unknown>) => void,
): Catalog {
  const doc = JSON.parse(JSON.stringify(fixture)) as { capabilities: Record<string, unknown>[]; tools: Record<string, unknown>[] } & Record<string, unknown>;
  change(doc);
  return doc as unknown as Catalog;
}
