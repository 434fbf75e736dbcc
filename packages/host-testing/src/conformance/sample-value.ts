import type { JsonObject, JsonValue, Schema } from '@xcap/catalog';

/** The string every sample uses where a schema allows any text (also the sample app file's id and the sample screen). */
export const sampleText = 'sample';

/**
 * A simple valid value for `schema`: its first `enum` member; else by its
 * (first non-null) type — a string fitting the format and length limits
 * (`sample`), a number at the `minimum` (or the default, or 1), `true`, an
 * array of `max(minItems, 1)` sample items (never beyond `maxItems`), an
 * object of its required properties and those of its first `oneOf`/`anyOf`
 * branch (with their `dependentRequired` closure), `null`.
 */
export function sampleValue(schema: Schema): JsonValue {
  if (schema.enum !== undefined && schema.enum.length > 0) return structuredClone(schema.enum[0]!);
  const types = schema.type === undefined ? [] : typeof schema.type === 'string' ? [schema.type] : [...schema.type];
  const type = types.find((t) => t !== 'null') ?? types[0] ?? (schema.properties !== undefined ? 'object' : 'string');
  switch (type) {
    case 'string':
      return sampleString(schema);
    case 'integer':
    case 'number':
      return typeof schema.default === 'number' ? schema.default : (schema.minimum ?? (schema.maximum !== undefined ? Math.min(1, schema.maximum) : 1));
    case 'boolean':
      return true;
    case 'array': {
      const count = Math.min(Math.max(schema.minItems ?? 0, 1), schema.maxItems ?? Infinity);
      return Array.from({ length: count }, () => sampleValue(schema.items ?? {}));
    }
    case 'object':
      return withSampleProperties(schema, {}, [...(schema.required ?? []), ...((schema.oneOf ?? schema.anyOf)?.[0]?.required ?? [])]);
    default:
      return null;
  }
}

/**
 * A copy of `base` with a sample value (`sampleValue` of the property's
 * schema) for each of `keys` it lacks and, in turn, for each property those
 * keys make required through `dependentRequired`.
 */
export function withSampleProperties(schema: Schema, base: JsonObject, keys: readonly string[]): JsonObject {
  const out: JsonObject = { ...base };
  const queue = [...keys];
  while (queue.length > 0) {
    const key = queue.shift()!;
    if (Object.hasOwn(out, key)) continue;
    out[key] = sampleValue(schema.properties?.[key] ?? {});
    queue.push(...(schema.dependentRequired?.[key] ?? []));
  }
  return out;
}

function sampleString(schema: Schema): string {
  switch (schema.format) {
    case 'date-time':
      return '2026-01-01T09:00:00Z';
    case 'uri':
      return `https://example.com/${sampleText}`;
    case 'base64':
      return Buffer.from(sampleText).toString('base64');
    default: {
      const min = schema.minLength ?? 0;
      const max = schema.maxLength ?? Infinity;
      return sampleText.padEnd(min, 'x').slice(0, Math.max(min, Math.min(max, sampleText.length)));
    }
  }
}
