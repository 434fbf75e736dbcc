/**
 * `validateArguments`, the bridge's step (1): every `validateCases` entry of
 * the fixture, plus the branches the fixture does not exercise.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '@xcap/catalog';
import type { Catalog, ValidationResult } from '@xcap/catalog';
import { validateArguments } from '../src/validate-arguments.js';

interface ValidateCase {
  readonly tool: string;
  readonly arguments?: unknown;
  readonly expected: ValidationResult;
}

const doc = JSON.parse(readFileSync(new URL('../../../fixtures/capabilities.json', import.meta.url), 'utf8')) as {
  readonly validateCases: readonly ValidateCase[];
};
const catalog: Catalog = loadCatalog(doc);

describe('validateCases (fixture)', () => {
  it('has cases', () => {
    expect(doc.validateCases.length).toBeGreaterThan(0);
  });
  doc.validateCases.forEach((c, i) => {
    it(`#${i} ${c.tool} ${JSON.stringify(c.arguments)}`, () => {
      expect(validateArguments(catalog, c.tool, c.arguments)).toStrictEqual(c.expected);
    });
  });
});

describe('validateArguments beyond the fixture', () => {
  it('answers unavailable for a tool named in a scope but without a v1 entry (clarification 4)', () => {
    const scoped = catalog.capabilities.flatMap((c) => c.scopes.flatMap((s) => s.tools.map((t) => `${c.name}_${t}`)));
    const missing = scoped.filter((name) => !catalog.tools.some((t) => t.name === name));
    expect(missing).toContain('camera_capture');
    for (const name of missing) expect(validateArguments(catalog, name, {})).toStrictEqual({ error: 'unavailable' });
  });

  it('answers unavailable for a name that is no tool at all, and for the agent spelling', () => {
    expect(validateArguments(catalog, 'nope_nothing', {})).toStrictEqual({ error: 'unavailable' });
    expect(validateArguments(catalog, 'photos__pick', {})).toStrictEqual({ error: 'unavailable' });
    expect(validateArguments(catalog, 'toString', {})).toStrictEqual({ error: 'unavailable' });
  });

  it('counts absent arguments as {} (defaults applied, required reported)', () => {
    expect(validateArguments(catalog, 'photos_pick', undefined)).toStrictEqual({ arguments: { limit: 1 } });
    expect(validateArguments(catalog, 'photos_get', undefined)).toStrictEqual({ error: 'invalidParams: /id required' });
  });

  it('does not count null as absent', () => {
    expect(validateArguments(catalog, 'photos_pick', null)).toStrictEqual({ error: 'invalidParams: / type' });
  });

  it('answers a copy and never mutates the input', () => {
    const input = { accept: ['image/*'] };
    const frozen = Object.freeze(input);
    const result = validateArguments(catalog, 'files_open', frozen);
    expect(result).toStrictEqual({ arguments: { accept: ['image/*'], multiple: false } });
    expect(result.arguments).not.toBe(input);
    expect(input).toStrictEqual({ accept: ['image/*'] });
  });

  it('keeps a given value over the default', () => {
    expect(validateArguments(catalog, 'photos_list', { limit: 7 })).toStrictEqual({ arguments: { limit: 7 } });
  });

  it('treats __proto__ and constructor from JSON.parse as ordinary unknown keys', () => {
    expect(validateArguments(catalog, 'photos_pick', JSON.parse('{"__proto__":1}'))).toStrictEqual({
      error: 'invalidParams: /__proto__ additionalProperties',
    });
    expect(validateArguments(catalog, 'photos_pick', JSON.parse('{"constructor":{}}'))).toStrictEqual({
      error: 'invalidParams: /constructor additionalProperties',
    });
    expect(validateArguments(catalog, 'photos_get', JSON.parse('{"toString":"x"}'))).toStrictEqual({
      error: 'invalidParams: /id required',
    });
  });

  it('reports the nested pointer of an array item', () => {
    const blocks = [{ text: 'a' }, { heading: 'b' }, { pageBreak: true }, { image: 'f', caption: '' }];
    expect(validateArguments(catalog, 'print_pdf', { title: 'T', blocks })).toStrictEqual({
      error: 'invalidParams: /blocks/3/caption minLength',
    });
  });

  it('escapes unknown keys in the pointer (RFC 6901)', () => {
    expect(validateArguments(catalog, 'windows_list', { 'a/b~c': 1 })).toStrictEqual({
      error: 'invalidParams: /a~1b~0c additionalProperties',
    });
  });

  it('reports the first unknown key in UTF-16 code unit order', () => {
    expect(validateArguments(catalog, 'windows_list', { b: 1, é: 2, B: 3, a: 4 })).toStrictEqual({
      error: 'invalidParams: /B additionalProperties',
    });
  });
});
