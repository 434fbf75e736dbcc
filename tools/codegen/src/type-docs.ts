/**
 * Puts each property's rules into its description, so the generated types'
 * TSDoc carries what the type alone cannot say: bounds ("1–50", "at most 100
 * characters"), integer-ness, the format, the allowed values and the default
 * (`@defaultValue 1`). json-schema-to-typescript writes descriptions as the
 * properties' doc comments.
 */
import type { JsonValue, Schema } from '@xcap/catalog/core';

type Mutable = { -readonly [K in keyof Schema]: Schema[K] };

const formatNotes: { readonly [format: string]: string } = {
  'date-time': 'format: date-time (RFC 3339, e.g. `2026-01-31T09:30:00Z`)',
  token: 'format: token (`A–Z a–z 0–9 . _ -`, 1–64 characters)',
  uri: 'format: uri (an absolute http or https URL)',
  base64: 'format: base64 (standard alphabet, padded)',
};

/** `schema` with every property's (and nested property's) description extended by its rules. */
export function documentedSchema(schema: Schema): Schema {
  const s: Mutable = { ...schema };
  if (s.properties) {
    s.properties = Object.fromEntries(
      Object.entries(s.properties).map(([k, v]) => {
        const inner = documentedSchema(v);
        const notes = ruleNotes(v);
        return [k, notes.length ? { ...inner, description: [v.description, ...notes].filter(Boolean).join('\n\n') } : inner];
      }),
    );
  }
  if (s.items) s.items = documentedSchema(s.items);
  return s;
}

/** The rules of one schema in words, each a paragraph; the default last, as a `@defaultValue` tag. */
export function ruleNotes(s: Schema): string[] {
  const types = s.type === undefined ? [] : typeof s.type === 'string' ? [s.type] : s.type;
  const words: string[] = [];
  if (types.includes('integer')) words.push('An integer.');
  const range = bounds(s.minimum, s.maximum, '');
  if (range) words.push(`Range: ${range}.`);
  const length = bounds(s.minLength, s.maxLength, 'character');
  if (length) words.push(`Length: ${length}.`);
  const items = bounds(s.minItems, s.maxItems, '');
  if (items) words.push(`Items: ${items}.`);
  if (s.format !== undefined) words.push(`${capitalise(formatNotes[s.format] ?? `format: ${s.format}`)}.`);
  if (s.enum !== undefined) words.push(`One of: ${s.enum.map((v) => `\`${JSON.stringify(v)}\``).join(', ')}.`);
  const notes = words.length ? [words.join(' ')] : [];
  if (s.default !== undefined) notes.push(`@defaultValue ${defaultText(s.default)}`);
  return notes;
}

/** `1–50`, `at least 1 character`, `at most 100 characters`, `exactly 2` (`unit` singular, or '' for none). */
function bounds(min: number | undefined, max: number | undefined, unit: string): string {
  const of = (n: number) => (unit === '' ? '' : ` ${unit}${n === 1 ? '' : 's'}`);
  if (min !== undefined && max !== undefined) return min === max ? `exactly ${min}${of(min)}` : `${min}–${max}${of(max)}`;
  if (min !== undefined) return `at least ${min}${of(min)}`;
  if (max !== undefined) return `at most ${max}${of(max)}`;
  return '';
}

function defaultText(value: JsonValue): string {
  return typeof value === 'number' || typeof value === 'boolean' || value === null ? String(value) : `\`${JSON.stringify(value)}\``;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
