/** Emits `tool-map.ts`: interfaces mapping every tool name to its types. */
import type { Catalog } from '@xcap/catalog/core';
import type { GeneratedFile } from './generated-file.js';
import { kebab, key, pascal } from './naming.js';

/** `ToolInputs`, `ToolOutputs`, `ToolNativeInputs`, `ToolNativeOutputs`. */
export function emitToolMap(catalog: Catalog): GeneratedFile {
  const native = catalog.tools.filter((t) => t.runs === 'native');
  const imports = catalog.tools
    .map((t) => {
      const p = pascal(t.name);
      const names = [`${p}Input`, `${p}Output`, ...(t.runs === 'native' ? [`${p}NativeInput`, `${p}NativeOutput`] : [])];
      return `import type { ${names.join(', ')} } from './types/${kebab(t.name)}.js';`;
    })
    .join('\n');
  const map = (title: string, name: string, tools: typeof catalog.tools, suffix: string) =>
    `/** ${title} */\nexport interface ${name} {\n${tools.map((t) => `  readonly ${key(t.name)}: ${pascal(t.name)}${suffix};`).join('\n')}\n}\n`;
  const content = `${imports}
import type { NativeToolName, ToolName } from './names.js';

export type { NativeToolName, ToolName };

${map('Every tool → the arguments it takes.', 'ToolInputs', catalog.tools, 'Input')}
${map('Every tool → what it answers.', 'ToolOutputs', catalog.tools, 'Output')}
${map('Every native tool → what its provider receives.', 'ToolNativeInputs', native, 'NativeInput')}
${map('Every native tool → what its provider answers.', 'ToolNativeOutputs', native, 'NativeOutput')}
/** The arguments of tool \`K\`. */
export type ToolInput<K extends ToolName> = ToolInputs[K];
/** The answer of tool \`K\`. */
export type ToolOutput<K extends ToolName> = ToolOutputs[K];
/** What the native provider of tool \`K\` receives. */
export type ToolNativeInput<K extends NativeToolName> = ToolNativeInputs[K];
/** What the native provider of tool \`K\` answers. */
export type ToolNativeOutput<K extends NativeToolName> = ToolNativeOutputs[K];
`;
  return { path: 'tool-map.ts', content };
}
