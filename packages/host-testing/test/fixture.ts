import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { caseKinds } from '@xcap/catalog';

/** The fixture's path on disk. */
export const fixturePath = fileURLToPath(new URL('../../../fixtures/capabilities.json', import.meta.url));

/** A fresh parsed copy of the fixture document (tests corrupt their own copy). */
export function fixtureDoc(): Record<string, any> {
  return JSON.parse(readFileSync(fixturePath, 'utf8')) as Record<string, any>;
}

/** How many cases the fixture holds, over every case kind. */
export function fixtureCaseCount(): number {
  const doc = fixtureDoc();
  return caseKinds.reduce((n, kind) => n + (doc[kind] as unknown[]).length, 0);
}
