/**
 * Emits the spec-exact validators: one straight-line TypeScript file per
 * tool (`validators/<tool-kebab>.ts`) and `validators/index.ts` with the
 * `validators` and `nativeOutputCheckers` maps. The generated code checks in
 * exactly the order of the interpreter (`checkValue`) and answers the same
 * first violation; it shares the format rules with it through the schema
 * engine's exports.
 */
import type { Catalog, JsonValue, Schema, ToolDef } from '@xcap/catalog/core';
import { checkValue } from '@xcap/catalog/core';
import type { GeneratedFile } from './generated-file.js';
import { runtimeSpecifier, type OutputLayout } from './layout.js';
import { kebab, key, pascal } from './naming.js';
import { emitCheckFunction, newCheckFileState, useOwn } from './validators/emit-schema-check.js';
import { tsLiteral } from './validators/ts-literal.js';

function hasNativeChecker(tool: ToolDef): tool is ToolDef & { readonly nativeOutputSchema: Schema } {
  return tool.runs === 'native' && tool.nativeOutputSchema !== null;
}

function byName(a: ToolDef, b: ToolDef): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/** The statements that give `out` the top-level defaults of `schema`, in schema order. */
function emitDefaults(schema: Schema): string[] {
  const properties = schema.properties ?? {};
  return Object.keys(properties).flatMap((k) => {
    const d: JsonValue | undefined = properties[k]?.default;
    if (d === undefined) return [];
    const name = JSON.stringify(k);
    const set =
      k === '__proto__'
        ? `Object.defineProperty(out, ${name}, { value: ${tsLiteral(d)}, enumerable: true, writable: true, configurable: true });`
        : `out[${name}] = ${tsLiteral(d)};`;
    return [`  if (!own.call(out, ${name})) ${set}`];
  });
}

/**
 * Refuses a schema the interpreter would refuse (a keyword or format outside
 * the subset, a malformed rule), naming the tool, so the two forms can never
 * disagree about what a catalog means. Compiling is all `checkValue` does
 * before it looks at the value.
 */
function assertSubset(tool: ToolDef, which: string, schema: Schema): void {
  try {
    checkValue(schema, undefined);
  } catch (error) {
    throw new Error(`emitValidators: ${tool.name} ${which}: ${(error as Error).message}`);
  }
}

/**
 * The statements that copy the validated arguments `v` into `out`. A closed
 * object schema (additionalProperties: false) with at most one property is
 * copied as a literal — it can hold no other key, so the copy is the same,
 * without `Object.assign`'s generic walk (a `"__proto__"` key is written
 * computed, so it stays an own property). Otherwise Object.assign (only an own
 * `"__proto__"` key needs the spread: assign would set the prototype).
 */
function copyLines(schema: Schema): string[] {
  const names = Object.keys(schema.properties ?? {});
  if (schema.additionalProperties === false && names.length === 0) return [`  const out: JsonObject = {};`];
  const o = `  const o = v as JsonObject;`;
  if (schema.additionalProperties === false && names.length === 1) {
    const name = JSON.stringify(names[0]);
    const field = names[0] === '__proto__' ? `[${name}]` : name;
    return [o, `  const out: JsonObject = Object.prototype.propertyIsEnumerable.call(o, ${name}) ? { ${field}: o[${name}] as JsonValue } : {};`];
  }
  return [o, `  const out: JsonObject = own.call(o, '__proto__') ? { ...o } : Object.assign({}, o);`];
}

function emitToolFile(tool: ToolDef, runtime: string): GeneratedFile {
  assertSubset(tool, 'inputSchema', tool.inputSchema);
  if (tool.nativeOutputSchema !== null) assertSubset(tool, 'nativeOutputSchema', tool.nativeOutputSchema);
  const p = pascal(tool.name);
  const state = newCheckFileState();
  useOwn(state);
  emitCheckFunction(state, tool.inputSchema, 'checkInput', `The first violation of \`${tool.name}\`'s inputSchema as \`<pointer> <keyword>\`.`, true);
  const native = hasNativeChecker(tool);
  if (native) {
    emitCheckFunction(
      state,
      tool.nativeOutputSchema,
      'checkNativeOutput',
      `The first violation of \`${tool.name}\`'s nativeOutputSchema as \`<pointer> <keyword>\`.`,
      true,
    );
  }
  const helpers = new Set(state.helpers);
  if (native) helpers.add('rootViolation');
  const rootIsObject = tool.inputSchema.type === 'object';
  const copy = copyLines(tool.inputSchema);
  const validate = [
    `/**`,
    ` * Validates the arguments of \`${tool.name}\` against its inputSchema in the spec's order: the first`,
    ` * violation as \`invalidParams: <pointer> <keyword>\`, else a copy of the arguments with the missing`,
    ` * top-level defaults filled in. Absent arguments (\`undefined\`) count as \`{}\`.`,
    ` */`,
    `export function validate${p}Input(value: unknown): ValidationResult<${p}Input> {`,
    `  const v = value === undefined ? {} : value;`,
    `  const r = checkInput(v);`,
    `  if (r !== null) return { error: 'invalidParams: ' + r };`,
    ...(rootIsObject ? [] : [`  if (typeof v !== 'object' || v === null || Array.isArray(v)) return { arguments: v as unknown as ${p}Input };`]),
    ...copy,
    ...emitDefaults(tool.inputSchema),
    `  return { arguments: out as unknown as ${p}Input };`,
    `}`,
  ].join('\n');
  const check = native
    ? [
        `/** Checks what \`${tool.name}\`'s native provider answered against its nativeOutputSchema: the first violation, or \`null\`. */`,
        `export function check${p}NativeOutput(value: unknown): SchemaViolation | null {`,
        `  const r = checkNativeOutput(value);`,
        `  return r === null ? null : rootViolation(r);`,
        `}`,
      ].join('\n')
    : undefined;
  const types = ['JsonObject', ...(copy.join('\n').includes('JsonValue') ? ['JsonValue'] : []), ...(native ? ['SchemaViolation'] : []), 'ValidationResult'];
  const imports = [
    `import type { ${types.join(', ')} } from '${runtime}';`,
    `import { ${[...helpers].sort().join(', ')} } from '${runtime}';`,
    `import type { ${p}Input } from '../types/${kebab(tool.name)}.js';`,
  ];
  const content = [
    `/** Spec-exact validators of \`${tool.name}\` (straight-line code; the first violation in the spec's order). */`,
    imports.join('\n'),
    ...state.declarations,
    validate,
    ...(check === undefined ? [] : [check]),
  ].join('\n\n');
  return { path: `validators/${kebab(tool.name)}.ts`, content: `${content}\n` };
}

function emitIndexFile(tools: readonly ToolDef[], runtime: string): GeneratedFile {
  const natives = tools.filter(hasNativeChecker);
  const imports = tools.map((t) => {
    const p = pascal(t.name);
    const names = hasNativeChecker(t) ? [`check${p}NativeOutput`, `validate${p}Input`] : [`validate${p}Input`];
    return `import { ${names.join(', ')} } from './${kebab(t.name)}.js';`;
  });
  const entries = (list: readonly ToolDef[], fn: (p: string) => string) => list.map((t) => `  ${key(t.name)}: ${fn(pascal(t.name))},`).join('\n');
  const content = [
    `/** The generated validators of every tool, by UI name. */`,
    [
      `import type { SchemaViolation, ValidationResult } from '${runtime}';`,
      `import type { NativeToolName, ToolInputs, ToolName } from '../tool-map.js';`,
      ...imports,
    ].join('\n'),
    [
      `/**`,
      ` * Every tool's argument validator: the spec's first violation as \`invalidParams: <pointer> <keyword>\`,`,
      ` * or the arguments with top-level defaults applied (a copy). The fast, typed twin of \`validateArguments\`.`,
      ` */`,
      `export const validators: { readonly [K in ToolName]: (value: unknown) => ValidationResult<ToolInputs[K]> } = Object.freeze({`,
      entries(tools, (p) => `validate${p}Input`),
      `});`,
    ].join('\n'),
    [
      `/** Every native tool's result checker: the first violation of its nativeOutputSchema, or \`null\`. */`,
      `export const nativeOutputCheckers: { readonly [K in NativeToolName]: (value: unknown) => SchemaViolation | null } = Object.freeze({`,
      entries(natives, (p) => `check${p}NativeOutput`),
      `});`,
    ].join('\n'),
  ].join('\n\n');
  return { path: 'validators/index.ts', content: `${content}\n` };
}

/**
 * The validator files of a catalog, paths relative to
 * `packages/catalog/src/generated/`, contents without the header line,
 * deterministic (tools sorted by name, schema order inside).
 */
export function emitValidators(catalog: Catalog, layout: OutputLayout = 'package'): GeneratedFile[] {
  const tools = [...catalog.tools].sort(byName);
  const runtime = runtimeSpecifier(layout, 1);
  return [...tools.map((t) => emitToolFile(t, runtime)), emitIndexFile(tools, runtime)];
}
