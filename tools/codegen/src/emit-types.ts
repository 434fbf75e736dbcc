/**
 * Emits `types/<tool>.ts` per tool: the TypeScript types of its input,
 * output, native input and native output (json-schema-to-typescript).
 */
import { compile } from 'json-schema-to-typescript';
import type { Catalog, Schema, ToolDef } from '@xcap/catalog/core';
import { nativeInputSchema } from '@xcap/catalog/core';
import type { GeneratedFile } from './generated-file.js';
import { doc, kebab, pascal } from './naming.js';
import { documentedSchema } from './type-docs.js';
import { typeSchema } from './type-schema.js';

const options = {
  bannerComment: '',
  additionalProperties: true,
  strictIndexSignatures: true,
  unknownAny: true,
  ignoreMinAndMaxItems: true,
  format: true,
  declareExternallyReferenced: true,
} as const;

async function typeOf(schema: Schema, name: string, what: string): Promise<string> {
  const code = await compile(typeSchema(documentedSchema(schema)) as never, name, options);
  // json-schema-to-typescript also writes item bounds as @minItems/@maxItems tags, which TSDoc does not know; the description says them in words.
  const untagged = code.replace(/^(?: *\*\n)?(?: *\* @(?:min|max)Items \d+\n)+/gm, '');
  return `${doc(what)}${untagged.trim()}\n`;
}

/** One file per tool with its four types (native ones only for `runs: native`). */
export async function emitTypes(catalog: Catalog): Promise<GeneratedFile[]> {
  const files: GeneratedFile[] = [];
  for (const tool of catalog.tools) files.push({ path: `types/${kebab(tool.name)}.ts`, content: await emitToolTypes(tool) });
  return files;
}

async function emitToolTypes(tool: ToolDef): Promise<string> {
  const p = pascal(tool.name);
  const parts = [
    await typeOf(tool.inputSchema, `${p}Input`, `The arguments of \`${tool.name}\` as an app or agent passes them.`),
    await typeOf(tool.outputSchema, `${p}Output`, `What \`${tool.name}\` answers (its structured content).`),
  ];
  if (tool.runs === 'native' && tool.nativeOutputSchema) {
    parts.push(await typeOf(nativeInputSchema(tool), `${p}NativeInput`, `What the native provider of \`${tool.name}\` receives (the bridge's mapping).`));
    parts.push(await typeOf(tool.nativeOutputSchema, `${p}NativeOutput`, `What the native provider of \`${tool.name}\` answers.`));
  }
  return parts.join('\n');
}
