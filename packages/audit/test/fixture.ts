/** Loads the auditCases of fixtures/capabilities.json for the tests. */
import { readFileSync } from 'node:fs';

const fixture = JSON.parse(readFileSync(new URL('../../../fixtures/capabilities.json', import.meta.url), 'utf8')) as Record<string, unknown>;

/** A case array of the fixture, typed loosely (each test reads the fields it needs). */
export function cases<T>(kind: string): T[] {
  const list = fixture[kind];
  if (!Array.isArray(list)) throw new Error(`fixture has no ${kind}`);
  return list as T[];
}
