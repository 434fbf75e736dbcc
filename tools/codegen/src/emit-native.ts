/**
 * Emits the Swift and Kotlin types of every native input and output
 * (quicktype-core) for platform host teams, into the catalog's `native/`.
 */
import { FetchingJSONSchemaStore, InputData, JSONSchemaInput, quicktype } from 'quicktype-core';
import type { Catalog } from '@xcap/catalog/core';
import { nativeInputSchema } from '@xcap/catalog/core';
import type { GeneratedFile } from './generated-file.js';
import { pascal } from './naming.js';
import { typeSchema } from './type-schema.js';

const languages = [
  { lang: 'swift', file: 'XcapNative.swift', options: { 'just-types': 'false', 'struct-or-class': 'struct', 'access-level': 'public', initializers: 'false', sendable: 'true' } },
  { lang: 'kotlin', file: 'XcapNative.kt', options: { 'just-types': 'true', package: 'dev.xcap.native' } },
] as const;

/** `native/XcapNative.swift` and `native/XcapNative.kt`. */
export async function emitNative(catalog: Catalog): Promise<GeneratedFile[]> {
  const files: GeneratedFile[] = [];
  for (const { lang, file, options } of languages) {
    const input = new JSONSchemaInput(new FetchingJSONSchemaStore());
    for (const tool of catalog.tools) {
      if (tool.runs !== 'native' || !tool.nativeOutputSchema) continue;
      const p = pascal(tool.name);
      await input.addSource({ name: `${p}NativeInput`, schema: JSON.stringify(typeSchema(nativeInputSchema(tool))) });
      await input.addSource({ name: `${p}NativeOutput`, schema: JSON.stringify(typeSchema(tool.nativeOutputSchema)) });
    }
    const inputData = new InputData();
    inputData.addInput(input);
    const result = await quicktype({ inputData, lang, rendererOptions: options, leadingComments: [] });
    files.push({ path: `native/${file}`, content: `${result.lines.join('\n').trim()}\n` });
  }
  return files;
}
