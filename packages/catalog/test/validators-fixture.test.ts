/**
 * Every `validateCases` entry of the fixture, through the generated
 * validators (the fast, typed path) and through the interpreter
 * (`checkValue` + `applyDefaults`).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Catalog, JsonObject, ValidationResult } from '../src/index.js';
import { validators } from '../src/generated/validators/index.js';
import { applyDefaults, checkValue, formatViolation } from '../src/schema/index.js';

interface ValidateCase {
  readonly tool: string;
  readonly arguments?: unknown;
  readonly expected: ValidationResult;
}

const doc = JSON.parse(readFileSync(new URL('../../../fixtures/capabilities.json', import.meta.url), 'utf8')) as Catalog & {
  readonly validateCases: readonly ValidateCase[];
};

const caseName = (c: ValidateCase, i: number) => `#${i} ${c.tool} ${JSON.stringify(c.arguments)}`;

describe('validateCases through the generated validators', () => {
  it('covers every case', () => {
    expect(doc.validateCases.length).toBeGreaterThan(0);
  });
  doc.validateCases.forEach((c, i) => {
    it(caseName(c, i), () => {
      const validate = (validators as Record<string, (value: unknown) => ValidationResult>)[c.tool];
      expect(validate, `no generated validator for ${c.tool}`).toBeTypeOf('function');
      expect(validate?.(c.arguments)).toStrictEqual(c.expected);
    });
  });
});

describe('validateCases through the interpreter (checkValue + applyDefaults)', () => {
  doc.validateCases.forEach((c, i) => {
    it(caseName(c, i), () => {
      const tool = doc.tools.find((t) => t.name === c.tool);
      expect(tool).toBeDefined();
      const schema = tool!.inputSchema;
      const value = c.arguments === undefined ? {} : c.arguments;
      const violation = checkValue(schema, value);
      const result: ValidationResult =
        violation === null ? { arguments: applyDefaults(schema, value as JsonObject) } : { error: `invalidParams: ${formatViolation(violation)}` };
      expect(result).toStrictEqual(c.expected);
    });
  });
});
