/**
 * `emitValidators`: the files it writes for the fixture (paths, determinism,
 * no run-time schema interpretation, in step with the committed generated
 * folder), and, on an edge catalog the fixture does not cover (escaped keys,
 * prototype-named keys, nested arrays, type lists, object enums, formats,
 * defaults, a non-object root), generated code that typechecks under the
 * repository's strict settings and answers exactly what the interpreter
 * answers.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import fc from 'fast-check';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyDefaults, checkValue, formatViolation, loadCatalog } from '@xcap/catalog/core';
import type { Catalog, JsonObject, Schema, SchemaViolation, ToolDef, ValidationResult } from '@xcap/catalog/core';
import { emitValidators } from '../src/emit-validators.js';
import { kebab, pascal } from '../src/naming.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const fixtureText = readFileSync(join(root, 'fixtures/capabilities.json'), 'utf8');
const catalog = loadCatalog(JSON.parse(fixtureText));

describe('emitValidators on the fixture', () => {
  const files = emitValidators(catalog);

  it('writes one file per tool and an index, under validators/', () => {
    expect(files.map((f) => f.path)).toStrictEqual([...catalog.tools.map((t) => `validators/${kebab(t.name)}.ts`).sort(), 'validators/index.ts']);
    expect(files.find((f) => f.path === 'validators/photos-pick.ts')?.content).toContain(
      'export function validatePhotosPickInput(value: unknown): ValidationResult<PhotosPickInput>',
    );
    expect(files.find((f) => f.path === 'validators/photos-pick.ts')?.content).toContain(
      'export function checkPhotosPickNativeOutput(value: unknown): SchemaViolation | null',
    );
    expect(files.find((f) => f.path === 'validators/print-pdf.ts')?.content).not.toContain('NativeOutput');
  });

  it('is deterministic and independent of the order of the tools', () => {
    const shuffled = { ...catalog, tools: [...catalog.tools].reverse() } as Catalog;
    expect(emitValidators(shuffled)).toStrictEqual(files);
    expect(emitValidators(catalog)).toStrictEqual(files);
  });

  it('leaves the header line to the CLI', () => {
    for (const f of files) expect(f.content.startsWith('// generated')).toBe(false);
  });

  it('writes straight-line code: no eval, no Function, no schema data read at run time', () => {
    for (const f of files) {
      expect(f.content).not.toMatch(/\beval\(|new Function|Function\(/);
      expect(f.content).not.toMatch(/checkValue|compileSchema|inputSchema:|properties:/);
      const loops = f.content.match(/for \(.*\)/g) ?? [];
      for (const loop of loops) expect(loop).toMatch(/^for \((const k in o\d+|let i = 0; i < a\d+\.length; i\+\+)\)$/);
    }
  });

  it('refuses a schema outside the subset, naming the tool and the location', () => {
    const bad = (inputSchema: unknown) => ({ ...catalog, tools: [{ ...catalog.tools[0]!, inputSchema: inputSchema as Schema }] }) as Catalog;
    expect(() => emitValidators(bad({ type: 'object', properties: { a: { pattern: 'x' } } }))).toThrow(
      /files_open inputSchema: schema #\/properties\/a\/pattern: keyword "pattern" is not in the validator subset/,
    );
    expect(() => emitValidators(bad({ type: 'string', format: 'email' }))).toThrow(/files_open inputSchema: .*unknown format "email"/);
  });

  it('matches the committed generated folder (npm run gen is up to date)', () => {
    const dir = join(root, 'packages/catalog/src/generated');
    for (const f of files) {
      const committed = readFileSync(join(dir, f.path), 'utf8');
      expect(committed.slice(committed.indexOf('\n') + 1), f.path).toBe(f.content);
    }
    expect(readdirSync(join(dir, 'validators')).sort()).toStrictEqual(files.map((f) => f.path.slice('validators/'.length)).sort());
  });
});

/** Schemas the fixture does not have: every keyword, odd keys, type lists, a non-object root. */
const edgeTools = JSON.parse(`[
  {
    "name": "edge_all",
    "runs": "native",
    "description": "every keyword",
    "inputSchema": {
      "type": "object",
      "properties": {
        "a/b": { "type": "string", "minLength": 2, "maxLength": 3 },
        "m~n": { "type": ["integer", "null"], "minimum": -2, "maximum": 5 },
        "__proto__": { "type": "number", "default": 1.5 },
        "constructor": { "type": "boolean", "default": true },
        "list": {
          "type": "array", "minItems": 1, "maxItems": 3,
          "items": {
            "type": "array",
            "items": {
              "type": "object",
              "properties": { "k": { "enum": [1, "x", null, { "o": [1] }, [2]] }, "z": { "type": "string" } },
              "required": ["k"],
              "additionalProperties": false
            }
          }
        },
        "when": { "type": ["string", "null"], "format": "date-time" },
        "t": { "type": "string", "format": "token", "enum": ["a", "b-c", 3] },
        "u": { "format": "uri", "description": "no type: only strings are checked" },
        "b": { "type": "string", "format": "base64", "default": "" },
        "free": { "type": "object" },
        "any": {},
        "n": { "type": "number", "minimum": 0.5, "maximum": 10.25 },
        "obj": { "default": { "x": [1, { "__proto__": 2 }] } }
      },
      "required": ["a/b"],
      "additionalProperties": false,
      "dependentRequired": { "m~n": ["t", "u"], "t": ["a/b"] },
      "anyOf": [{ "required": ["list"] }, { "required": ["when", "t"] }],
      "oneOf": [{ "required": [] }, { "required": ["b", "n"] }]
    },
    "nativeOutputSchema": {
      "type": ["object", "array"],
      "properties": { "ok": { "type": "boolean" } },
      "required": ["ok"],
      "minItems": 2,
      "items": { "type": ["integer", "string"], "minimum": 0, "maxLength": 1 }
    },
    "outputSchema": { "type": "object" }
  },
  {
    "name": "edge_root",
    "runs": "engine",
    "description": "a non-object root",
    "inputSchema": { "type": ["array", "string", "null"], "minItems": 1, "maxLength": 2, "items": { "type": "integer" }, "enum": [[1], [1, 2], "ab", "😀😀", null] },
    "nativeOutputSchema": null,
    "outputSchema": { "type": "object" }
  },
  {
    "name": "edge_single",
    "runs": "engine",
    "description": "a closed schema with one prototype-named property (copied as a literal)",
    "inputSchema": { "type": "object", "properties": { "__proto__": { "type": "integer" } }, "additionalProperties": false },
    "nativeOutputSchema": null,
    "outputSchema": { "type": "object" }
  },
  {
    "name": "edge_closed",
    "runs": "engine",
    "description": "a closed schema with no property (copied as {})",
    "inputSchema": { "type": "object", "properties": {}, "additionalProperties": false },
    "nativeOutputSchema": null,
    "outputSchema": { "type": "object" }
  },
  {
    "name": "edge_empty",
    "runs": "native",
    "description": "empty schemas",
    "inputSchema": {},
    "nativeOutputSchema": { "type": "object", "properties": {}, "additionalProperties": false },
    "outputSchema": { "type": "object" }
  }
]`) as ToolDef[];
const edgeCatalog = { ...catalog, tools: edgeTools } as Catalog;

/** A temp tree like packages/catalog/src with the engine copied in and the edge catalog's validators generated. */
let tree: string;

beforeAll(() => {
  tree = mkdtempSync(join(tmpdir(), 'xcap-emit-validators-'));
  writeFileSync(join(tree, 'package.json'), '{ "type": "module" }\n');
  const src = join(tree, 'src');
  // The hand-written part of the catalog package (the runtime the validators import), without its generated folder.
  cpSync(join(root, 'packages/catalog/src'), src, { recursive: true, filter: (from) => !from.includes('/generated') });
  const generated = join(src, 'generated');
  for (const f of emitValidators(edgeCatalog)) {
    mkdirSync(dirname(join(generated, f.path)), { recursive: true });
    writeFileSync(join(generated, f.path), `// generated for a test\n${f.content}`);
  }
  mkdirSync(join(generated, 'types'), { recursive: true });
  for (const t of edgeTools) {
    writeFileSync(
      join(generated, 'types', `${kebab(t.name)}.ts`),
      `import type { JsonValue } from '../../runtime.js';\nexport type ${pascal(t.name)}Input = JsonValue;\n`,
    );
  }
  const names = edgeTools.map((t) => JSON.stringify(t.name));
  const natives = edgeTools.filter((t) => t.runs === 'native').map((t) => JSON.stringify(t.name));
  writeFileSync(
    join(generated, 'tool-map.ts'),
    [
      ...edgeTools.map((t) => `import type { ${pascal(t.name)}Input } from './types/${kebab(t.name)}.js';`),
      `export type ToolName = ${names.join(' | ')};`,
      `export type NativeToolName = ${natives.join(' | ')};`,
      `export interface ToolInputs { ${edgeTools.map((t) => `readonly ${t.name}: ${pascal(t.name)}Input;`).join(' ')} }`,
    ].join('\n'),
  );
});

afterAll(() => {
  rmSync(tree, { recursive: true, force: true });
});

describe('emitValidators on an edge catalog', () => {
  it('emits code that typechecks with the repository settings', () => {
    const base = ts.readConfigFile(join(root, 'tsconfig.base.json'), (path) => ts.sys.readFile(path)).config as { compilerOptions: object };
    const options = ts.convertCompilerOptionsFromJson(base.compilerOptions, root).options;
    const files = readdirSync(join(tree, 'src/generated/validators')).map((f) => join(tree, 'src/generated/validators', f));
    const program = ts.createProgram(files, { ...options, noEmit: true, typeRoots: [join(root, 'node_modules/@types')] });
    const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(diagnostics).toStrictEqual([]);
  }, 60_000);

  it('answers exactly what the interpreter answers on a generated corpus', async () => {
    const mod = (await import(pathToFileURL(join(tree, 'src/generated/validators/index.ts')).href)) as {
      validators: Record<string, (value: unknown) => ValidationResult>;
      nativeOutputCheckers: Record<string, (value: unknown) => SchemaViolation | null>;
    };
    expect(Object.keys(mod.validators)).toStrictEqual(['edge_all', 'edge_closed', 'edge_empty', 'edge_root', 'edge_single']);
    expect(Object.keys(mod.nativeOutputCheckers)).toStrictEqual(['edge_all', 'edge_empty']);

    const keys = [...Object.keys(edgeTools[0]!.inputSchema.properties ?? {}), 'ok', 'zz', 'toString', '', 'a~1b'];
    const scalar = fc.oneof(
      fc.constantFrom(null, true, false, 0, -0, 1, 1.5, -2, -3, 3, 5, 6, 0.5, 0.49, 10.25, 10.26, 2.0, 1e21),
      fc.constantFrom('', 'a', 'ab', 'abc', 'abcd', '😀😀', '😀😀😀', '😀😀😀😀', 'x', 'b-c', 'aGk=', 'aGk'),
      fc.constantFrom('2024-02-29T00:00:00Z', '2023-02-29T00:00:00Z', 'https://x', 'mailto:x', 'https://'),
    );
    const { value } = fc.letrec<{ value: unknown }>((tie) => ({
      value: fc.oneof(
        { depthSize: 'small', maxDepth: 4 },
        scalar,
        fc.array(tie('value'), { maxLength: 4 }),
        fc.array(fc.tuple(fc.constantFrom(...keys), tie('value')), { maxLength: 6 }).map(ownObject),
        fc.array(fc.array(fc.constantFrom({ k: 1 }, { k: 'x' }, { k: { o: [1] } }, { k: [2] }, { k: 2 }, {}), { maxLength: 3 }), {
          minLength: 0,
          maxLength: 4,
        }),
      ),
    }));
    const plausible: Record<string, fc.Arbitrary<unknown>> = {
      'a/b': fc.constantFrom('ab', 'abc', 'a', '😀😀😀', 'abcd', 7),
      'm~n': fc.constantFrom(-3, -2, 0, 5, 6, null, 1.5, 'x'),
      ['__proto__']: fc.constantFrom(1, 2.5, 'x'),
      constructor: fc.constantFrom(true, 1),
      list: value,
      when: fc.constantFrom('2024-02-29T00:00:00Z', '2023-02-29T00:00:00Z', null, 3),
      t: fc.constantFrom('a', 'b-c', 'zz', 'a b', 3),
      u: fc.constantFrom('https://x', 'mailto:x', 1),
      b: fc.constantFrom('aGk=', 'aGk', ''),
      free: fc.constantFrom({}, { x: 1 }, []),
      any: value,
      n: fc.constantFrom(0.5, 0.49, 10.25, 10.26, 3),
      obj: value,
    };
    const declared = Object.keys(plausible);
    const root = fc.oneof(
      { weight: 1, arbitrary: value },
      {
        weight: 6,
        arbitrary: fc
          .tuple(
            fc.tuple(...declared.map((k) => fc.option(plausible[k]!, { nil: undefined, freq: 2 }))),
            fc.array(fc.tuple(fc.constantFrom('ok', 'zz', 'toString', '', 'a~1b'), value), { maxLength: 1 }),
            fc.boolean(),
          )
          .map(([values, extra, withExtra]) =>
            ownObject([...declared.flatMap((k, i) => (values[i] === undefined ? [] : [[k, values[i]] as const])), ...(withExtra ? extra : [])]),
          ),
      },
    );
    const inputs = [undefined, ...fc.sample(root, { seed: 4242, numRuns: 4000 })];
    const seen = new Set<string>();
    let valid = 0;
    for (const tool of edgeTools) {
      for (const input of inputs) {
        const value = input === undefined ? {} : input;
        const violation = checkValue(tool.inputSchema, value);
        const isObject = typeof value === 'object' && value !== null && !Array.isArray(value);
        const expected: ValidationResult =
          violation !== null
            ? { error: `invalidParams: ${formatViolation(violation)}` }
            : { arguments: isObject ? applyDefaults(tool.inputSchema, value as JsonObject) : (value as JsonObject) };
        seen.add(violation?.keyword ?? 'ok');
        if (violation === null) valid++;
        expect(mod.validators[tool.name]!(input), JSON.stringify(input)).toStrictEqual(expected);
        if (tool.nativeOutputSchema !== null) {
          const check = mod.nativeOutputCheckers[tool.name]!;
          expect(check(input), JSON.stringify(input)).toStrictEqual(checkValue(tool.nativeOutputSchema, input));
        }
      }
    }
    expect(valid).toBeGreaterThan(inputs.length * 0.3);
    expect([...seen].sort()).toStrictEqual(
      [
        'additionalProperties',
        'anyOf',
        'dependentRequired',
        'enum',
        'format',
        'maxItems',
        'maxLength',
        'maximum',
        'minItems',
        'minLength',
        'minimum',
        'ok',
        'oneOf',
        'required',
        'type',
      ].sort(),
    );
  }, 60_000);

  it('gives prototype-named defaults as own properties and copies them per call', async () => {
    const mod = (await import(pathToFileURL(join(tree, 'src/generated/validators/index.ts')).href)) as {
      validators: Record<string, (value: unknown) => ValidationResult>;
    };
    const first = mod.validators['edge_all']!({ 'a/b': 'ab', list: [[]] });
    expect(first.error).toBeUndefined();
    const args = first.arguments as Record<string, unknown>;
    expect(Object.getPrototypeOf(args)).toBe(Object.prototype);
    expect(Object.hasOwn(args, '__proto__')).toBe(true);
    expect(args['__proto__']).toBe(1.5);
    expect(Object.hasOwn(args['obj'] as object, 'x')).toBe(true);
    const inner = ((args['obj'] as Record<string, unknown[]>)['x'] as unknown[])[1] as object;
    expect(Object.hasOwn(inner, '__proto__')).toBe(true);
    (args['obj'] as Record<string, unknown[]>)['x']!.push(9);
    const second = mod.validators['edge_all']!({ 'a/b': 'ab', list: [[]] }).arguments as Record<string, unknown>;
    expect(second['obj']).toStrictEqual(JSON.parse('{ "x": [1, { "__proto__": 2 }] }'));
    const given = mod.validators['edge_all']!(JSON.parse('{ "a/b": "ab", "list": [[]], "__proto__": 7 }')).arguments as Record<string, unknown>;
    expect(Object.getPrototypeOf(given)).toBe(Object.prototype);
    expect(Object.hasOwn(given, '__proto__')).toBe(true);
    expect(given['__proto__']).toBe(7);
  });

  it('copies closed schemas of zero or one property as fresh own-property objects', async () => {
    const mod = (await import(pathToFileURL(join(tree, 'src/generated/validators/index.ts')).href)) as {
      validators: Record<string, (value: unknown) => ValidationResult>;
    };
    const input = JSON.parse('{ "__proto__": 3 }') as Record<string, unknown>;
    const single = mod.validators['edge_single']!(input).arguments as Record<string, unknown>;
    expect(single).not.toBe(input);
    expect(Object.getPrototypeOf(single)).toBe(Object.prototype);
    expect(Object.keys(single)).toEqual(['__proto__']);
    expect(single['__proto__']).toBe(3);
    expect(mod.validators['edge_single']!({}).arguments).toStrictEqual({});
    expect(mod.validators['edge_single']!(JSON.parse('{ "__proto__": 1.5 }')).error).toBe('invalidParams: /__proto__ type');
    const empty = {};
    const closed = mod.validators['edge_closed']!(empty).arguments;
    expect(closed).toStrictEqual({});
    expect(closed).not.toBe(empty);
    expect(mod.validators['edge_closed']!({ x: 1 }).error).toBe('invalidParams: /x additionalProperties');
  });
});

function ownObject(entries: readonly (readonly [string, unknown])[]): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  for (const [k, v] of entries) Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
  return o;
}
