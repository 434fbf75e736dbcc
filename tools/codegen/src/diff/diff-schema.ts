/**
 * `diffSchema`: every change between two versions of one tool schema,
 * classed by who reads the values it describes. An input schema is read by
 * the engine from what apps and agents send, so narrowing it breaks callers
 * (major) and widening it does not (minor). An output schema is read by apps
 * and agents, so widening it (or making a field optional, or removing one)
 * breaks them. A native output schema is both written by every host's
 * provider and read by the engine, so any change of its rules is major, and
 * only an added optional field is minor. Descriptions are patch.
 */
import { jsonEqual, pointerAppend } from '@xcap/catalog/core';
import type { JsonValue, Schema } from '@xcap/catalog/core';
import type { CatalogChange, ChangeClass } from './catalog-change.js';

/** Whose values a schema describes: what callers send, what they get back, or what a host's native provider answers. */
export type SchemaRole = 'input' | 'output' | 'nativeOutput';

/** A schema as `diffSchema` reads it: the catalog subset plus `pattern`, which a future subset may allow. */
export type DiffableSchema = Schema & { readonly pattern?: string };

type Direction = 'narrows' | 'widens' | 'changes';

const roleName: { readonly [r in SchemaRole]: string } = { input: 'input', output: 'output', nativeOutput: 'native output' };

const byDirection: { readonly [r in SchemaRole]: { readonly [d in Direction]: ChangeClass } } = {
  input: { narrows: 'major', widens: 'minor', changes: 'major' },
  output: { narrows: 'minor', widens: 'major', changes: 'major' },
  nativeOutput: { narrows: 'major', widens: 'major', changes: 'major' },
};

const directionWord: { readonly [d in Direction]: string } = { narrows: 'narrowed', widens: 'widened', changes: 'changed' };

const show = (value: unknown): string => JSON.stringify(value);

interface Context {
  readonly role: SchemaRole;
  /** The schema's own pointer: a default only takes effect on its top-level properties. */
  readonly root: string;
  readonly subject: string;
  readonly changes: CatalogChange[];
}

function push(ctx: Context, pointer: string, cls: ChangeClass, what: string): void {
  const reason = `${ctx.subject} ${roleName[ctx.role]}: ${what}`;
  // What callers send or read breaks callers; what a native provider answers breaks the providers.
  if (cls === 'major') ctx.changes.push({ pointer, class: cls, breaks: ctx.role === 'nativeOutput' ? 'providers' : 'callers', reason });
  else ctx.changes.push({ pointer, class: cls, reason });
}

function rule(ctx: Context, pointer: string, direction: Direction, what: string): void {
  push(ctx, pointer, byDirection[ctx.role][direction], `${directionWord[direction]}: ${what}`);
}

/**
 * The changes from `before` to `after` of the schema at `pointer` (in the
 * new catalog). `subject` names what the schema belongs to in the reasons
 * (a tool name).
 */
export function diffSchema(before: DiffableSchema, after: DiffableSchema, pointer: string, role: SchemaRole, subject: string): CatalogChange[] {
  const ctx: Context = { role, root: pointer, subject, changes: [] };
  diffAt(ctx, before, after, pointer);
  return ctx.changes;
}

function diffAt(ctx: Context, a: DiffableSchema, b: DiffableSchema, p: string): void {
  const at = (k: string) => pointerAppend(p, k);
  if (a.description !== b.description) push(ctx, at('description'), 'patch', 'description changed');
  diffTypes(ctx, a, b, at('type'));
  diffEnum(ctx, a.enum, b.enum, at('enum'));
  for (const kw of ['minimum', 'minLength', 'minItems'] as const) diffBound(ctx, kw, a[kw], b[kw], at(kw), 'lower');
  for (const kw of ['maximum', 'maxLength', 'maxItems'] as const) diffBound(ctx, kw, a[kw], b[kw], at(kw), 'upper');
  for (const kw of ['format', 'pattern'] as const) diffStringRule(ctx, kw, a[kw], b[kw], at(kw));
  if (a.additionalProperties !== b.additionalProperties) {
    if (b.additionalProperties === false) rule(ctx, at('additionalProperties'), 'narrows', 'additionalProperties closed (no other keys allowed)');
    else rule(ctx, at('additionalProperties'), 'widens', 'additionalProperties opened (other keys allowed)');
  }
  diffProperties(ctx, a, b, p);
  diffDependentRequired(ctx, a.dependentRequired ?? {}, b.dependentRequired ?? {}, at('dependentRequired'));
  diffAlternatives(ctx, 'anyOf', a.anyOf, b.anyOf, at('anyOf'));
  diffAlternatives(ctx, 'oneOf', a.oneOf, b.oneOf, at('oneOf'));
  diffItems(ctx, a.items, b.items, at('items'));
  diffDefault(ctx, a, b, at('default'));
}

const covers = (types: ReadonlySet<string>, t: string) => types.has(t) || (t === 'integer' && types.has('number'));

function diffTypes(ctx: Context, a: Schema, b: Schema, p: string): void {
  if (a.type === undefined && b.type === undefined) return;
  if (a.type === undefined) return rule(ctx, p, 'narrows', `type restricted to ${show(b.type)}`);
  if (b.type === undefined) return rule(ctx, p, 'widens', `type ${show(a.type)} no longer required (any type)`);
  const before = new Set<string>(typeof a.type === 'string' ? [a.type] : a.type);
  const after = new Set<string>(typeof b.type === 'string' ? [b.type] : b.type);
  const removed = [...before].filter((t) => !covers(after, t));
  const added = [...after].filter((t) => !covers(before, t));
  if (removed.length) rule(ctx, p, 'narrows', `type ${removed.map(show).join(', ')} removed (${show(a.type)} → ${show(b.type)})`);
  if (added.length) rule(ctx, p, 'widens', `type ${added.map(show).join(', ')} added (${show(a.type)} → ${show(b.type)})`);
}

function diffEnum(ctx: Context, a: readonly JsonValue[] | undefined, b: readonly JsonValue[] | undefined, p: string): void {
  if (a === undefined && b === undefined) return;
  if (a === undefined) return rule(ctx, p, 'narrows', `enum ${show(b)} added`);
  if (b === undefined) return rule(ctx, p, 'widens', `enum ${show(a)} removed (any value of the type)`);
  const removed = a.filter((v) => !b.some((w) => jsonEqual(v, w)));
  const added = b.filter((v) => !a.some((w) => jsonEqual(v, w)));
  if (removed.length) rule(ctx, p, 'narrows', `enum value ${removed.map(show).join(', ')} removed`);
  if (added.length) rule(ctx, p, 'widens', `enum value ${added.map(show).join(', ')} added`);
}

function diffBound(ctx: Context, kw: string, a: number | undefined, b: number | undefined, p: string, side: 'lower' | 'upper'): void {
  if (a === b) return;
  if (a === undefined) return rule(ctx, p, 'narrows', `${kw} ${b} added`);
  if (b === undefined) return rule(ctx, p, 'widens', `${kw} ${a} removed`);
  const tighter = side === 'lower' ? b > a : b < a;
  rule(ctx, p, tighter ? 'narrows' : 'widens', `${kw} ${tighter ? 'tightened' : 'loosened'} ${a} → ${b}`);
}

function diffStringRule(ctx: Context, kw: string, a: string | undefined, b: string | undefined, p: string): void {
  if (a === b) return;
  if (a === undefined) return rule(ctx, p, 'narrows', `${kw} ${show(b)} added`);
  if (b === undefined) return rule(ctx, p, 'widens', `${kw} ${show(a)} removed`);
  rule(ctx, p, 'changes', `${kw} ${show(a)} → ${show(b)}`);
}

function diffProperties(ctx: Context, a: Schema, b: Schema, p: string): void {
  const before = a.properties ?? {};
  const after = b.properties ?? {};
  const reqA = new Set(a.required ?? []);
  const reqB = new Set(b.required ?? []);
  const props = pointerAppend(p, 'properties');
  for (const name of Object.keys(before)) {
    if (Object.hasOwn(after, name)) continue;
    const what = `property ${show(name)} removed`;
    if (ctx.role === 'input') push(ctx, pointerAppend(props, name), 'major', `${what} (callers that pass it lose it or are refused)`);
    else
      push(ctx, pointerAppend(props, name), 'major', `${what} (${ctx.role === 'output' ? 'callers that read it break' : 'hosts that answer it are refused'})`);
  }
  for (const [name, schema] of Object.entries(after)) {
    const old = before[name];
    const pp = pointerAppend(props, name);
    if (old === undefined || !Object.hasOwn(before, name)) {
      const required = reqB.has(name);
      if (ctx.role === 'input') push(ctx, pp, required ? 'major' : 'minor', `${required ? 'required' : 'optional'} property ${show(name)} added`);
      else if (ctx.role === 'output') push(ctx, pp, 'minor', `${required ? 'field' : 'optional field'} ${show(name)} added`);
      else
        push(
          ctx,
          pp,
          required ? 'major' : 'minor',
          `${required ? 'required field' : 'optional field'} ${show(name)} added${required ? ' (every host must answer it)' : ''}`,
        );
      continue;
    }
    const req = pointerAppend(p, 'required');
    if (!reqA.has(name) && reqB.has(name)) {
      const cls: ChangeClass = ctx.role === 'output' ? 'minor' : 'major';
      push(ctx, req, cls, `property ${show(name)} made required`);
    } else if (reqA.has(name) && !reqB.has(name)) {
      const cls: ChangeClass = ctx.role === 'input' ? 'minor' : 'major';
      push(ctx, req, cls, `property ${show(name)} made optional`);
    }
    diffAt(ctx, old, schema, pp);
  }
  const kept = (names: readonly string[], other: object) => names.filter((n) => Object.hasOwn(other, n));
  if (show(kept(Object.keys(before), after)) !== show(kept(Object.keys(after), before))) {
    push(ctx, props, 'patch', 'property order changed (values are checked in schema order: the first violation reported may differ)');
  }
  const reqBefore = (a.required ?? []).filter((n) => reqB.has(n));
  const reqAfter = (b.required ?? []).filter((n) => reqA.has(n));
  if (show(reqBefore) !== show(reqAfter))
    push(ctx, pointerAppend(p, 'required'), 'patch', 'required order changed (missing keys are reported in listed order)');
}

function diffDependentRequired(ctx: Context, a: { readonly [k: string]: readonly string[] }, b: { readonly [k: string]: readonly string[] }, p: string): void {
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  for (const key of keys) {
    const before = Object.hasOwn(a, key) ? (a[key] ?? []) : [];
    const after = Object.hasOwn(b, key) ? (b[key] ?? []) : [];
    const added = after.filter((n) => !before.includes(n));
    const removed = before.filter((n) => !after.includes(n));
    const kp = pointerAppend(p, key);
    if (added.length) rule(ctx, kp, 'narrows', `dependentRequired: ${show(key)} now also requires ${added.map(show).join(', ')}`);
    if (removed.length) rule(ctx, kp, 'widens', `dependentRequired: ${show(key)} no longer requires ${removed.map(show).join(', ')}`);
  }
}

type Alternatives = readonly { readonly required: readonly string[] }[] | undefined;

function diffAlternatives(ctx: Context, kw: 'anyOf' | 'oneOf', a: Alternatives, b: Alternatives, p: string): void {
  if (a === undefined && b === undefined) return;
  const key = (alt: { readonly required: readonly string[] }) => show([...alt.required].sort());
  if (a === undefined) return rule(ctx, p, 'narrows', `${kw} ${(b ?? []).map(key).join(', ')} added`);
  if (b === undefined) return rule(ctx, p, 'widens', `${kw} ${a.map(key).join(', ')} removed`);
  const before = a.map(key);
  const after = b.map(key);
  const removed = before.filter((k) => !after.includes(k));
  const added = after.filter((k) => !before.includes(k));
  if (removed.length) rule(ctx, p, 'narrows', `${kw} alternative ${removed.join(', ')} removed`);
  if (added.length) {
    if (kw === 'anyOf') rule(ctx, p, 'widens', `anyOf alternative ${added.join(', ')} added`);
    else rule(ctx, p, 'changes', `oneOf alternative ${added.join(', ')} added (a value matching two alternatives is refused)`);
  }
}

function diffItems(ctx: Context, a: Schema | undefined, b: Schema | undefined, p: string): void {
  if (a === undefined && b === undefined) return;
  if (a === undefined) return rule(ctx, p, 'narrows', 'items schema added');
  if (b === undefined) return rule(ctx, p, 'widens', 'items schema removed');
  diffAt(ctx, a, b, p);
}

function diffDefault(ctx: Context, a: Schema, b: Schema, p: string): void {
  const had = Object.hasOwn(a, 'default');
  const has = Object.hasOwn(b, 'default');
  if (!had && !has) return;
  if (had && has && jsonEqual(a.default, b.default)) return;
  const topLevel = p.startsWith(`${ctx.root}/properties/`) && p.slice(ctx.root.length + '/properties/'.length).split('/').length === 2;
  if (ctx.role !== 'input' || !topLevel)
    return push(ctx, p, 'patch', `default ${had ? show(a.default) : '(none)'} → ${has ? show(b.default) : '(none)'} (an annotation here)`);
  if (!had) return push(ctx, p, 'minor', `default ${show(b.default)} added`);
  if (!has) return push(ctx, p, 'major', `default ${show(a.default)} removed (calls without the value change)`);
  push(ctx, p, 'major', `default changed ${show(a.default)} → ${show(b.default)} (calls without the value change)`);
}
