/**
 * The two forms of the engine agree: for a large seeded corpus per tool
 * (valid values and near-valid mutations derived from each schema), the
 * generated validators answer exactly what the interpreter answers — the
 * same first error string, the same arguments with defaults — and the
 * generated native-output checkers the same violation as `checkValue`.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Catalog, JsonObject, Schema, ValidationResult } from '../src/index.js';
import { nativeOutputCheckers, validators } from '../src/generated/validators/index.js';
import { applyDefaults, checkValue, formatViolation } from '../src/schema/index.js';
import type { SchemaViolation } from '../src/schema/index.js';
import { sampleInputs } from './schema-arbitrary.js';

const catalog = JSON.parse(readFileSync(new URL('../../../fixtures/capabilities.json', import.meta.url), 'utf8')) as Catalog;
const perTool = 2500;

/** The interpreter's answer, the way `validateArguments` builds it. */
function interpreted(schema: Schema, args: unknown): ValidationResult {
  const value = args === undefined ? {} : args;
  const violation = checkValue(schema, value);
  if (violation !== null) return { error: `invalidParams: ${formatViolation(violation)}` };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { arguments: value as JsonObject };
  return { arguments: applyDefaults(schema, value as JsonObject) };
}

describe('generated validators agree with the interpreter', () => {
  it('has a generated validator for every tool and a checker for every native tool', () => {
    expect(Object.keys(validators).sort()).toStrictEqual(catalog.tools.map((t) => t.name).sort());
    expect(Object.keys(nativeOutputCheckers).sort()).toStrictEqual(
      catalog.tools
        .filter((t) => t.runs === 'native')
        .map((t) => t.name)
        .sort(),
    );
  });

  catalog.tools.forEach((tool, index) => {
    it(`${tool.name}: ${perTool} inputs, same first error and same defaults`, () => {
      const validate = (validators as Record<string, (value: unknown) => ValidationResult>)[tool.name]!;
      const inputs = [undefined, ...sampleInputs(tool.inputSchema, perTool, 1000 + index)];
      let valid = 0;
      const mismatches: string[] = [];
      for (const input of inputs) {
        const expected = interpreted(tool.inputSchema, input);
        const actual = validate(input);
        if (expected.error === undefined) valid++;
        try {
          expect(actual).toStrictEqual(expected);
        } catch {
          mismatches.push(`${JSON.stringify(input)}: generated ${JSON.stringify(actual)}, interpreter ${JSON.stringify(expected)}`);
        }
      }
      expect(mismatches.slice(0, 5)).toStrictEqual([]);
      expect(valid).toBeGreaterThan(inputs.length * 0.2);
      expect(valid).toBeLessThan(inputs.length * 0.8);
    });
  });

  catalog.tools
    .filter((t) => t.runs === 'native')
    .forEach((tool, index) => {
      it(`${tool.name}: ${perTool} native outputs, same violation`, () => {
        const check = (nativeOutputCheckers as Record<string, (value: unknown) => SchemaViolation | null>)[tool.name]!;
        const schema = tool.nativeOutputSchema as Schema;
        const outputs = sampleInputs(schema, perTool, 2000 + index);
        const mismatches = outputs.flatMap((output) => {
          const expected = checkValue(schema, output);
          const actual = check(output);
          return JSON.stringify(actual) === JSON.stringify(expected)
            ? []
            : [`${JSON.stringify(output)}: generated ${JSON.stringify(actual)}, interpreter ${JSON.stringify(expected)}`];
        });
        expect(mismatches.slice(0, 5)).toStrictEqual([]);
        expect(outputs.filter((o) => checkValue(schema, o) === null).length).toBeGreaterThan(perTool * 0.2);
      });
    });

  it('agrees on objects JSON cannot make: inherited, non-enumerable, symbol and prototype-less keys', () => {
    const odd = (): unknown[] => {
      const nullProto = Object.create(null) as Record<string, unknown>;
      nullProto['title'] = 'x';
      nullProto['app'] = 'a';
      return [
        Object.create({ title: 'x', id: 'i', app: 'a', window: 'w', fileId: 'f', extra: 1 }),
        Object.defineProperty({ title: 'x' }, 'id', { value: 'has space', enumerable: false }),
        Object.defineProperty({}, 'zz', { value: 1, enumerable: false }),
        { [Symbol('title')]: 'x', title: 'y' },
        nullProto,
        Object.assign(Object.create({ limit: 1000 }), { limit: 5 }),
        [undefined],
        { title: undefined },
        new Date(0),
        () => 1,
      ];
    };
    for (const tool of catalog.tools) {
      const validate = (validators as Record<string, (value: unknown) => ValidationResult>)[tool.name]!;
      for (const value of odd()) expect(validate(value), `${tool.name}`).toStrictEqual(interpreted(tool.inputSchema, value));
    }
  });

  it('never mutates the input and answers a fresh object', () => {
    const input = Object.freeze({ accept: Object.freeze(['image/*']) });
    const result = validators.files_open(input);
    expect(result).toStrictEqual({ arguments: { accept: ['image/*'], multiple: false } });
    expect(result.arguments).not.toBe(input);
    const again = validators.photos_pick({});
    expect(again.arguments).not.toBe(validators.photos_pick({}).arguments);
  });

  it('treats JSON.parse own keys __proto__ and constructor as unknown keys', () => {
    expect(validators.photos_pick(JSON.parse('{"__proto__":{"limit":1}}'))).toStrictEqual({
      error: 'invalidParams: /__proto__ additionalProperties',
    });
    expect(validators.launch_app(JSON.parse('{"app":"x","constructor":1}'))).toStrictEqual({
      error: 'invalidParams: /constructor additionalProperties',
    });
    expect(validators.photos_get({ toString: 'x' })).toStrictEqual({ error: 'invalidParams: /id required' });
  });

  it('reports the native checker root as /', () => {
    expect(nativeOutputCheckers.files_save(null)).toStrictEqual({ pointer: '/', keyword: 'type' });
    expect(nativeOutputCheckers.photos_pick({ photos: [{}] })).toStrictEqual({ pointer: '/photos/0/id', keyword: 'required' });
    expect(nativeOutputCheckers.files_save({ saved: true })).toBeNull();
  });
});
