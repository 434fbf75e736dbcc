/**
 * Rewrites a subset schema into the form json-schema-to-typescript turns
 * into precise types: `oneOf`/`anyOf` of `required` sets become a union of
 * full object variants (a `oneOf` variant types the other branches' keys,
 * and any key whose `dependentRequired` partner is gone, as `?: never`), `default`ed
 * top-level keys become required when `withDefaults` is set.
 */
import type { Schema } from '@xcap/catalog/core';

type Mutable = { -readonly [K in keyof Schema]: Schema[K] };

/** The schema to hand json-schema-to-typescript. */
export function typeSchema(schema: Schema, withDefaults = false): Schema {
  let s: Mutable = { ...schema };
  if (s.properties) {
    s.properties = Object.fromEntries(Object.entries(s.properties).map(([k, v]) => [k, typeSchema(v)]));
  }
  if (s.items) s.items = typeSchema(s.items);
  if (withDefaults && s.properties) {
    const defaulted = Object.entries(s.properties)
      .filter(([, v]) => v.default !== undefined)
      .map(([k]) => k);
    s.required = unique([...(s.required ?? []), ...defaulted]);
  }
  const variants = objectVariants(s);
  if (variants) {
    const { oneOf: _o, anyOf: _a, dependentRequired: _d, properties: _p, required: _r, additionalProperties: _ap, ...rest } = s;
    s = { ...rest, anyOf: variants } as Mutable;
  } else {
    delete s.dependentRequired;
  }
  delete s.default;
  return s;
}

function objectVariants(s: Mutable): Schema[] | null {
  const branches = s.oneOf ?? s.anyOf;
  if (!branches || !s.properties) return null;
  const exclusive = s.oneOf !== undefined;
  const allBranchKeys = unique(branches.flatMap((b) => b.required));
  return branches.map((branch) => {
    const props: Record<string, Schema> = { ...s.properties };
    const excluded: string[] = [];
    if (exclusive) {
      for (const k of allBranchKeys) {
        if (!branch.required.includes(k)) {
          delete props[k];
          excluded.push(k);
        }
      }
    }
    let required = unique([...(s.required ?? []), ...branch.required]);
    const deps = s.dependentRequired ?? {};
    let changed = true;
    while (changed) {
      changed = false;
      for (const [key, needs] of Object.entries(deps)) {
        if (props[key] && needs.some((n) => !props[n])) {
          delete props[key];
          excluded.push(key);
          changed = true;
        }
        if (props[key] && required.includes(key)) {
          const before = required.length;
          required = unique([...required, ...needs]);
          if (required.length !== before) changed = true;
        }
      }
    }
    // A key the variant cannot have is typed `?: never`, so a union member never accepts another's keys.
    const never = Object.fromEntries(excluded.map((k) => [k, { tsType: 'never' }]));
    return { type: 'object', properties: { ...props, ...never }, required: required.filter((k) => props[k]), additionalProperties: false } as Schema;
  });
}

function unique(list: readonly string[]): string[] {
  return [...new Set(list)];
}
