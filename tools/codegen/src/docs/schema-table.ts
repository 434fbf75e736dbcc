/**
 * `schemaTable`: a tool schema as a readable Markdown table — one row per
 * property, nested properties as `a.b` and array items as `a[]` paths —
 * followed by its object rules (closed or open, dependentRequired, anyOf,
 * oneOf) in words.
 */
import type { Schema } from '@xcap/catalog/core';
import { code, mdText, table, wordList } from './markdown.js';

const headers = ['property', 'type', 'required', 'bounds', 'format', 'default', 'enum', 'description'];

/** Columns shown even when every row leaves them empty. */
const alwaysShown = 3;

/**
 * The Markdown of `schema` (an object schema): its table (columns no row
 * fills are left out; none for a schema without properties), then its
 * rules in words.
 */
export function schemaTable(schema: Schema): string {
  const rows: string[][] = [];
  const rules: string[] = [];
  walkObject(schema, '', rows, rules);
  if (rows.length === 0) return rules.map((r) => `- ${r}`).join('\n');
  const keep = headers.map((_, i) => i < alwaysShown || rows.some((row) => row[i] !== ''));
  const pick = (cells: readonly string[]) => cells.filter((_, i) => keep[i]);
  const parts = [table(pick(headers), rows.map(pick))];
  const notes = [...rules];
  if (rows.some((row) => (row[3] ?? '').includes('length'))) notes.push('Lengths count code points.');
  if (notes.length) parts.push(notes.map((r) => `- ${r}`).join('\n'));
  return parts.join('\n\n');
}

function walkObject(schema: Schema, path: string, rows: string[][], rules: string[]): void {
  const required = new Set(schema.required ?? []);
  const sentence = (text: string) => (path === '' ? `${text.charAt(0).toUpperCase()}${text.slice(1)}` : `${code(path)}: ${text}`);
  const names = Object.keys(schema.properties ?? {});
  if (schema.additionalProperties === false)
    rules.push(sentence(`${names.length ? 'no properties other than those listed' : 'an empty object (no properties)'}.`));
  else rules.push(sentence(`${names.length ? 'other properties are allowed too' : 'any object'}.`));
  for (const [name, needs] of Object.entries(schema.dependentRequired ?? {})) {
    rules.push(sentence(`when ${code(name)} is given, ${wordList(needs.map(code))} must be given too.`));
  }
  if (schema.anyOf) rules.push(sentence(`give at least one of ${alternatives(schema.anyOf)}.`));
  if (schema.oneOf) rules.push(sentence(`give exactly one of ${alternatives(schema.oneOf)}.`));
  for (const [name, sub] of Object.entries(schema.properties ?? {})) {
    const p = path === '' ? name : `${path}.${name}`;
    walkValue(sub, p, required.has(name) ? 'yes' : 'no', rows, rules);
  }
}

function walkValue(schema: Schema, path: string, required: string, rows: string[][], rules: string[]): void {
  rows.push([
    code(path),
    typeText(schema),
    required,
    bounds(schema),
    schema.format ? code(schema.format) : '',
    defaultText(schema),
    enumText(schema),
    schema.description ? mdText(schema.description) : '',
  ]);
  if (isObjectSchema(schema) || schema.properties) walkObject(schema, path, rows, rules);
  if (schema.items) walkValue(schema.items, `${path}[]`, '—', rows, rules);
}

function isObjectSchema(schema: Schema): boolean {
  return schema.type === 'object' || (Array.isArray(schema.type) && schema.type.includes('object'));
}

function alternatives(list: readonly { readonly required: readonly string[] }[]): string {
  const each = list.map((alt) =>
    alt.required.length === 1 ? code(alt.required[0] ?? '') : alt.required.length === 0 ? 'nothing' : `(${wordList(alt.required.map(code))})`,
  );
  return wordList(each, 'or');
}

function typeText(schema: Schema): string {
  if (schema.type === undefined) return 'any';
  return typeof schema.type === 'string' ? schema.type : schema.type.join(' or ');
}

function range(low: number | undefined, high: number | undefined): string {
  if (low !== undefined && high !== undefined) return low === high ? `${low}` : `${low}–${high}`;
  if (low !== undefined) return `≥ ${low}`;
  if (high !== undefined) return `≤ ${high}`;
  return '';
}

function bounds(schema: Schema): string {
  const parts: string[] = [];
  const value = range(schema.minimum, schema.maximum);
  if (value) parts.push(value);
  const length = range(schema.minLength, schema.maxLength);
  if (length) parts.push(`length ${length}`);
  const items = range(schema.minItems, schema.maxItems);
  if (items) parts.push(`${items} items`);
  return parts.join('; ');
}

function defaultText(schema: Schema): string {
  return Object.hasOwn(schema, 'default') ? code(JSON.stringify(schema.default)) : '';
}

function enumText(schema: Schema): string {
  return schema.enum ? schema.enum.map((v) => code(JSON.stringify(v))).join(', ') : '';
}
