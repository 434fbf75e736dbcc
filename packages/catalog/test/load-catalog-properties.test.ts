/**
 * loadCatalog under hostile documents: it either answers a catalog or throws
 * a CatalogError naming a pointer that exists in the document — never any
 * other error.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CatalogError, loadCatalog } from '../src/core.js';
import { fixtureDoc } from './fixture.js';

/** Every JSON pointer (as token lists) of a document's containers. */
function containerPaths(value: unknown, path: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  if (typeof value === 'object' && value !== null) {
    out.push(path);
    for (const [k, v] of Object.entries(value)) containerPaths(v, [...path, Array.isArray(value) ? Number(k) : k], out);
  }
  return out;
}

function resolve(doc: unknown, pointer: string): boolean {
  if (pointer === '/') return true;
  let at: unknown = doc;
  for (const raw of pointer.slice(1).split('/')) {
    const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (typeof at !== 'object' || at === null) return false;
    // A missing key is named by its pointer (`…/tools: is required`): its parent must exist.
    if (!Object.hasOwn(at, token)) return true;
    at = (at as Record<string, unknown>)[token];
  }
  return true;
}

const base = fixtureDoc();
const paths = containerPaths(base);

describe('loadCatalog on hostile documents', () => {
  it('answers a catalog or throws a CatalogError, for arbitrary values', () => {
    fc.assert(
      fc.property(fc.anything({ withNullPrototype: true, withBoxedValues: true, withSparseArray: true }), (doc) => {
        try {
          loadCatalog(doc);
        } catch (error) {
          expect(error).toBeInstanceOf(CatalogError);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('answers a catalog or throws a CatalogError whose pointer is in the document, for one mutation of the fixture', () => {
    fc.assert(
      fc.property(fc.constantFrom(...paths), fc.oneof(fc.string(), fc.constant(undefined)), fc.jsonValue({ maxDepth: 2 }), (path, key, value) => {
        const doc = fixtureDoc();
        let parent: any = doc;
        for (const token of path) parent = parent[token];
        const target = key === undefined || Array.isArray(parent) ? (Array.isArray(parent) ? Math.min(parent.length, key?.length ?? 0) : undefined) : key;
        if (target === undefined) return;
        if (value === null && !Array.isArray(parent)) delete parent[target];
        else parent[target] = value;
        try {
          loadCatalog(doc);
        } catch (error) {
          expect(error).toBeInstanceOf(CatalogError);
          expect(resolve(doc, (error as CatalogError).pointer)).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
