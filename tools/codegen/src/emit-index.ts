/** Emits `index.ts`, the barrel of the generated folder. */
import type { GeneratedFile } from './generated-file.js';

/** Re-exports every generated module (types files through tool-map). */
export function emitIndex(files: readonly GeneratedFile[]): GeneratedFile {
  const typeFiles = files.filter((f) => f.path.startsWith('types/')).map((f) => f.path.replace(/\.ts$/, '.js'));
  const lines = [
    "export * from './catalog-data.js';",
    "export * from './names.js';",
    "export * from './tool-map.js';",
    "export * from './providers.js';",
    "export * from './client.js';",
    "export * from './validators/index.js';",
    ...typeFiles.map((p) => `export type * from './${p}';`),
  ];
  return { path: 'index.ts', content: `${lines.join('\n')}\n` };
}
