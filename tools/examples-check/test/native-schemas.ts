import { readFileSync } from 'node:fs';
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { ValidateFunction } from 'ajv';

/** The catalog as the examples check reads it: only what the tests use. */
interface CatalogTools {
  readonly tools: readonly { readonly name: string; readonly runs: string; readonly nativeOutputSchema?: object | null }[];
}

/** fixtures/capabilities.json, read from disk (the file every implementation works from). */
export const catalogFile = new URL('../../../fixtures/capabilities.json', import.meta.url);

const Ajv2020 = Ajv2020Module.default;
const addFormats = addFormatsModule.default;

/**
 * One ajv (JSON Schema 2020-12) validator per native tool's
 * `nativeOutputSchema`, with the catalog's formats: `date-time` from
 * ajv-formats, `token` and `base64` as clarification 10 writes them.
 */
export function nativeOutputValidators(): ReadonlyMap<string, ValidateFunction> {
  const catalog = JSON.parse(readFileSync(catalogFile, 'utf8')) as CatalogTools;
  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
  addFormats(ajv, ['date-time']);
  ajv.addFormat('token', /^[A-Za-z0-9._-]{1,64}$/);
  ajv.addFormat('base64', /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/);
  const validators = new Map<string, ValidateFunction>();
  for (const tool of catalog.tools) if (tool.nativeOutputSchema != null) validators.set(tool.name, ajv.compile(tool.nativeOutputSchema));
  return validators;
}

/** Fails with ajv's errors when `value` breaks `tool`'s nativeOutputSchema. */
export function expectNativeOutput(validators: ReadonlyMap<string, ValidateFunction>, tool: string, value: unknown): void {
  const validate = validators.get(tool);
  if (validate === undefined) throw new Error(`the catalog has no nativeOutputSchema for ${tool}`);
  if (!validate(value))
    throw new Error(`${tool}: the answer breaks nativeOutputSchema: ${JSON.stringify(validate.errors)}\n${JSON.stringify(value).slice(0, 500)}`);
}
