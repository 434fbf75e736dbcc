import { describe, expect, it } from 'vitest';
import { CatalogError, loadCatalog } from '../src/core.js';
import { fixtureDoc } from './fixture.js';

/** The error `loadCatalog(input)` throws (or a failure when it loads). */
function errorOf(input: unknown): CatalogError {
  try {
    loadCatalog(input);
  } catch (error) {
    if (error instanceof CatalogError) return error;
    throw error;
  }
  throw new Error('the text loaded');
}

describe('loadCatalog on a catalog file’s text', () => {
  const text = JSON.stringify(fixtureDoc(), null, 2);

  it('loads the text as it loads the parsed document', () => {
    expect(loadCatalog(text)).toEqual(loadCatalog(fixtureDoc()));
  });

  it('names the line and column of a syntax error, with the offending line and a caret, as a CatalogError at /', () => {
    const lines = text.split('\n');
    const at = lines.findIndex((line) => line.includes('"reservedNames"'));
    lines[at] = lines[at]!.replace('"reservedNames":', '"reservedNames"');
    const error = errorOf(lines.join('\n'));
    expect(error.pointer).toBe('/');
    expect(error.rule.split('\n')[0]).toMatch(new RegExp(`^is not JSON: line ${at + 1}, column \\d+: expected ':' after the property name`));
    const [, shown, caret] = error.message.split('\n') as [string, string, string];
    expect(shown.trim()).toBe(lines[at].trim());
    expect(shown.indexOf('[')).toBe(caret.indexOf('^'));
  });

  it('a JSON text that is no catalog is refused as the document is', () => {
    expect(errorOf('[1, 2]').message).toBe(errorOf([1, 2]).message);
    expect(errorOf('catalog').message.split('\n')[0]).toBe("/: is not JSON: line 1, column 1: unexpected 'c' where a value should be");
  });
});
