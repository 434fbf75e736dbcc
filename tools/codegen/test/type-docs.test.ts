/** The generated types' TSDoc carries each property's bounds, format, allowed values and default. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '@xcap/catalog/core';
import type { Schema } from '@xcap/catalog/core';
import { emitTypes } from '../src/emit-types.js';
import { ruleNotes } from '../src/type-docs.js';

const catalog = loadCatalog(JSON.parse(readFileSync(new URL('../../../fixtures/capabilities.json', import.meta.url), 'utf8')));

describe('ruleNotes', () => {
  const cases: [string, Schema, string[]][] = [
    ['an integer range with a default', { type: 'integer', minimum: 1, maximum: 50, default: 1 }, ['An integer. Range: 1–50.', '@defaultValue 1']],
    ['a lower bound only', { type: 'number', minimum: 0 }, ['Range: at least 0.']],
    ['string lengths, singular and plural', { type: 'string', minLength: 1 }, ['Length: at least 1 character.']],
    ['an upper length', { type: 'string', maxLength: 100 }, ['Length: at most 100 characters.']],
    ['an exact length', { type: 'string', minLength: 2, maxLength: 2 }, ['Length: exactly 2 characters.']],
    ['item bounds', { type: 'array', minItems: 1, maxItems: 2000, items: { type: 'string' } }, ['Items: 1–2000.']],
    ['a format', { type: ['string', 'null'], format: 'date-time' }, ['Format: date-time (RFC 3339, e.g. `2026-01-31T09:30:00Z`).']],
    ['an enum and a string default', { type: 'string', enum: ['a', 'b'], default: 'a' }, ['One of: `"a"`, `"b"`.', '@defaultValue `"a"`']],
    ['a boolean default alone', { type: 'boolean', default: false }, ['@defaultValue false']],
    ['nothing to say', { type: 'string' }, []],
  ];
  for (const [name, schema, notes] of cases) it(name, () => expect(ruleNotes(schema)).toEqual(notes));
});

describe('the generated types of the fixture', () => {
  it('document photos_pick limit: range, integer, default (issue 10)', async () => {
    const file = (await emitTypes(catalog)).find((f) => f.path === 'types/photos-pick.ts')!;
    expect(file.content).toContain(`export interface PhotosPickInput {
  /**
   * An integer. Range: 1–50.
   *
   * @defaultValue 1
   */
  limit?: number;
}`);
  });

  it('say item bounds in words, never as the @minItems/@maxItems tags TSDoc does not know', async () => {
    for (const f of await emitTypes(catalog)) expect(f.content).not.toMatch(/@(min|max)Items/);
    const pdf = (await emitTypes(catalog)).find((f) => f.path === 'types/print-pdf.ts')!;
    expect(pdf.content).toContain('Items: 1–2000.');
  });
});
