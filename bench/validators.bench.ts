/**
 * Argument validation per second, per tool: the generated validators (the
 * spec's exact first error, defaults applied on a copy) against ajv's
 * compiled validators (Ajv2020, first error, verdict only) on the same
 * inputs, with the interpreter (`validateArguments`, the bridge's path for
 * any catalog) for reference. Inputs are derived from each tool's schema
 * (the corpus of the differential tests), JSON round-tripped, split into a
 * valid and an invalid mix of up to 256 inputs each.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import Ajv2020Module from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import type { Catalog, Schema, ValidationResult } from '../packages/catalog/src/index.js';
import { validators } from '../packages/catalog/src/generated/validators/index.js';
import { isBase64, isDateTime, isToken, isUri } from '../packages/catalog/src/schema/index.js';
import { sampleInputs } from '../packages/catalog/test/schema-arbitrary.js';
import { validateArguments } from '../packages/bridge/src/validate-arguments.js';
import { type BenchRow, bestOf, printTable } from './harness.js';

const catalog = JSON.parse(readFileSync(new URL('../fixtures/capabilities.json', import.meta.url), 'utf8')) as Catalog;

/** ajv with our four formats (the verdicts then match ours; the differential test checks that on 10,000 inputs per schema). */
function compileAjv(schema: Schema): ValidateFunction {
  const ajv = new Ajv2020Module.default({ strict: false });
  ajv.addFormat('token', isToken);
  ajv.addFormat('base64', isBase64);
  ajv.addFormat('date-time', isDateTime);
  ajv.addFormat('uri', isUri);
  return ajv.compile(schema);
}

interface Mix {
  readonly valid: readonly unknown[];
  readonly invalid: readonly unknown[];
}

/** Up to 256 valid and 256 invalid JSON inputs (none over 20 KB: the figure is about the checks, not about scanning huge strings). */
function mixFor(schema: Schema, ajvValidate: ValidateFunction, seed: number): Mix {
  const valid: unknown[] = [];
  const invalid: unknown[] = [];
  for (const input of sampleInputs(schema, 3000, seed)) {
    const text = JSON.stringify(input);
    if (text === undefined || text.length > 20_000) continue;
    const value: unknown = JSON.parse(text);
    const list = ajvValidate(value) ? valid : invalid;
    if (list.length < 256) list.push(value);
  }
  return { valid, invalid };
}

/** Cycles through `inputs`, one call per input. */
function cycling(inputs: readonly unknown[], fn: (value: unknown) => unknown): () => unknown {
  let i = 0;
  return () => {
    const r = fn(inputs[i]);
    i = i + 1 === inputs.length ? 0 : i + 1;
    return r;
  };
}

const geomean = (xs: readonly number[]) => Math.exp(xs.reduce((s, x) => s + Math.log(x), 0) / xs.length);

/** Measures every tool's valid and invalid mixes. */
export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const ratios: Record<'valid' | 'invalid', number[]> = { valid: [], invalid: [] };
  const all: { generated: (() => unknown)[]; ajv: (() => unknown)[]; interpreter: (() => unknown)[] } = {
    generated: [],
    ajv: [],
    interpreter: [],
  };
  catalog.tools.forEach((tool, index) => {
    const generated = (validators as Record<string, (value: unknown) => ValidationResult>)[tool.name];
    if (generated === undefined) throw new Error(`no generated validator for ${tool.name}`);
    const ajvValidate = compileAjv(tool.inputSchema);
    const mix = mixFor(tool.inputSchema, ajvValidate, 500 + index);
    for (const kind of ['valid', 'invalid'] as const) {
      const inputs = mix[kind];
      if (inputs.length === 0) continue;
      for (const input of inputs) {
        if ((generated(input).error === undefined) !== (kind === 'valid')) throw new Error(`${tool.name}: verdicts differ on ${JSON.stringify(input)}`);
      }
      const fns = {
        generated: cycling(inputs, generated),
        ajv: cycling(inputs, ajvValidate),
        interpreter: cycling(inputs, (v) => validateArguments(catalog, tool.name, v)),
      };
      all.generated.push(fns.generated);
      all.ajv.push(fns.ajv);
      all.interpreter.push(fns.interpreter);
      const rate = bestOf(fns, 3, 100, 50);
      const g = rate['generated'] ?? 0;
      const a = rate['ajv'] ?? 0;
      const t = rate['interpreter'] ?? 0;
      ratios[kind].push(g / a);
      rows.push({
        name: `${tool.name} ${kind} (${inputs.length})`,
        value: g,
        unit: 'ops/s',
        note: `generated; ajv ${Math.round(a).toLocaleString('en-US')} → ${(g / a).toFixed(2)}× ajv; interpreter ${Math.round(t).toLocaleString('en-US')} (${(t / a).toFixed(2)}× ajv)`,
      });
    }
  });
  const round = (fns: (() => unknown)[]) => {
    let i = 0;
    return () => {
      const r = (fns[i] as () => unknown)();
      i = i + 1 === fns.length ? 0 : i + 1;
      return r;
    };
  };
  const overall = bestOf({ generated: round(all.generated), ajv: round(all.ajv), interpreter: round(all.interpreter) }, 3, 100, 50);
  const g = overall['generated'] ?? 0;
  const a = overall['ajv'] ?? 0;
  const t = overall['interpreter'] ?? 0;
  rows.push(
    { name: 'all tools, valid + invalid: generated', value: g, unit: 'ops/s', note: `${(g / a).toFixed(2)}× ajv` },
    { name: 'all tools, valid + invalid: ajv', value: a, unit: 'ops/s', note: 'Ajv2020 compiled, first error, no defaults' },
    { name: 'all tools, valid + invalid: interpreter', value: t, unit: 'ops/s', note: `${(t / a).toFixed(2)}× ajv (validateArguments)` },
    { name: 'generated / ajv, valid mixes', value: geomean(ratios.valid), unit: '×', note: `geometric mean over ${ratios.valid.length} tools` },
    { name: 'generated / ajv, invalid mixes', value: geomean(ratios.invalid), unit: '×', note: `geometric mean over ${ratios.invalid.length} tools` },
  );
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) printTable(await run());
