/** Test helper: the fixture catalog document, freshly parsed for each caller. */
import { readFileSync } from 'node:fs';

/** The path of `fixtures/capabilities.json`. */
export const fixturePath = new URL('../../../fixtures/capabilities.json', import.meta.url);

/** A fresh, mutable copy of the fixture document. */
export function fixtureDoc(): Record<string, any> {
  return JSON.parse(readFileSync(fixturePath, 'utf8'));
}
