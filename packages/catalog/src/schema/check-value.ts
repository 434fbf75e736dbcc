import type { Schema } from '../catalog-types.js';
import { compileSchema } from './compile-schema.js';
import { rootViolation } from './relative-violation.js';
import type { SchemaViolation } from './schema-violation.js';

/**
 * Checks `value` against `schema` in the spec's order and answers the FIRST
 * violation (`{pointer, keyword}`), or `null` when the value is valid. The
 * schema is compiled once and cached per schema object.
 */
export function checkValue(schema: Schema, value: unknown): SchemaViolation | null {
  const r = compileSchema(schema)(value);
  return r === null ? null : rootViolation(r);
}
