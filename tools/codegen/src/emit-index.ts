/** Emits `index.ts`, the barrel of the generated folder. */
import type { GeneratedFile } from './generated-file.js';
import { runtimeSpecifier, type OutputLayout } from './layout.js';

/**
 * Re-exports every generated module (types files through tool-map). A
 * standalone folder also re-exports the runtime names its users need with
 * the client and providers (the package layout has them in `@xcap/catalog`).
 */
export function emitIndex(files: readonly GeneratedFile[], layout: OutputLayout = 'package'): GeneratedFile {
  const typeFiles = files.filter((f) => f.path.startsWith('types/')).map((f) => f.path.replace(/\.ts$/, '.js'));
  const runtime = runtimeSpecifier(layout, 0);
  const lines = [
    "export * from './catalog-data.js';",
    "export * from './names.js';",
    "export * from './tool-map.js';",
    "export * from './providers.js';",
    "export * from './client.js';",
    "export * from './validators/index.js';",
    ...typeFiles.map((p) => `export type * from './${p}';`),
    ...(layout === 'standalone'
      ? [
          `export { ToolCallError } from '${runtime}';`,
          `export type { CallResult, JsonObject, JsonValue, NativeResult, SchemaViolation, ToolInvocation, ToolInvoke, ValidationResult } from '${runtime}';`,
        ]
      : []),
  ];
  return { path: 'index.ts', content: `${lines.join('\n')}\n` };
}
