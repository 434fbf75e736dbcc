import type { Catalog, JsonObject, ToolDef } from '@xcap/catalog';
import { validateArguments } from '@xcap/bridge';
import { withSampleProperties } from './sample-value.js';

/** One set of sample arguments for a tool, named for the test that uses it. */
export interface SampleArguments {
  /** `minimal`, `minimal (text)` (one per `oneOf`/`anyOf` branch), or `full`. */
  readonly label: string;
  readonly arguments: JsonObject;
}

/**
 * Sample app-facing arguments for `tool`, derived from its input schema
 * alone, so a new tool is covered without writing anything: per
 * `oneOf`/`anyOf` branch (or once) the smallest valid object (the required
 * properties and the branch's, with their `dependentRequired` closure), then
 * a `full` one (every optional property the schema accepts together, added
 * in schema order). Every sample passes `validateArguments`; duplicates are
 * dropped. An empty list means no valid sample could be derived.
 */
export function sampleArguments(catalog: Catalog, tool: ToolDef): SampleArguments[] {
  const schema = tool.inputSchema;
  const properties = schema.properties ?? {};
  const valid = (args: JsonObject) => validateArguments(catalog, tool.name, args).error === undefined;

  const branches = schema.oneOf ?? schema.anyOf ?? [];
  const minimal = (
    branches.length === 0
      ? [{ label: 'minimal', keys: [] as readonly string[] }]
      : branches.map((b) => ({ label: `minimal (${b.required.join(', ')})`, keys: b.required }))
  ).map(({ label, keys }) => ({ label, arguments: withSampleProperties(schema, {}, [...(schema.required ?? []), ...keys]) }));
  const samples = minimal.filter((s) => valid(s.arguments));
  const first = samples[0];
  if (first !== undefined) {
    let full = first.arguments;
    for (const key of Object.keys(properties)) {
      const next = withSampleProperties(schema, full, [key]);
      if (valid(next)) full = next;
    }
    samples.push({ label: 'full', arguments: full });
  }
  const seen = new Set<string>();
  return samples.filter((s) => {
    const key = JSON.stringify(s.arguments);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
