/**
 * Emits `client.ts`: `createToolClient(invoke)`, a typed client with one
 * namespace per capability and one method per tool.
 */
import type { Catalog } from '@xcap/catalog/core';
import type { GeneratedFile } from './generated-file.js';
import { runtimeSpecifier, type OutputLayout } from './layout.js';
import { doc, key, lit, qualified, splitToolName } from './naming.js';

/** The typed tool client. */
export function emitClient(catalog: Catalog, layout: OutputLayout = 'package'): GeneratedFile {
  const runtime = runtimeSpecifier(layout, 0);
  const byCap = new Map<string, (typeof catalog.tools)[number][]>();
  for (const t of catalog.tools) {
    const [cap] = splitToolName(t.name);
    byCap.set(cap, [...(byCap.get(cap) ?? []), t]);
  }
  const optionalArgs = (t: (typeof catalog.tools)[number]) => (t.inputSchema.required?.length ?? 0) === 0 && !t.inputSchema.anyOf && !t.inputSchema.oneOf;
  const iface = [...byCap]
    .map(([cap, tools]) => {
      const methods = tools
        .map(
          (t) =>
            `${doc(t.description, '    ')}    ${key(splitToolName(t.name)[1])}(args${optionalArgs(t) ? '?' : ''}: ToolInputs[${lit(t.name)}]): Promise<ToolOutputs[${lit(t.name)}]>;`,
        )
        .join('\n');
      return `${doc(`The \`${cap}\` tools.`, '  ')}  readonly ${key(cap)}: {\n${methods}\n  };`;
    })
    .join('\n');
  const impl = [...byCap]
    .map(([cap, tools]) => {
      const methods = tools
        .map(
          (t) =>
            `      ${key(splitToolName(t.name)[1])}: (args) => callTool(invoke, ${lit(t.name)}, ${lit(qualified(t.name))}, args) as Promise<ToolOutputs[${lit(t.name)}]>,`,
        )
        .join('\n');
      return `    ${key(cap)}: {\n${methods}\n    },`;
    })
    .join('\n');
  // A catalog without tools has an empty client: nothing to import, an unused transport.
  const empty = catalog.tools.length === 0;
  const imports = empty
    ? `import type { ToolInvoke } from '${runtime}';\n`
    : `import { callTool } from '${runtime}';\nimport type { ToolInvoke } from '${runtime}';\nimport type { ToolInputs, ToolOutputs } from './tool-map.js';\n`;
  const content = `${imports}
${doc('A typed client for every tool of the catalog: `client.photos.pick({ limit: 2 })`.')}export interface ToolClient {
${iface}
}

${doc("Creates a typed tool client over `invoke`, the transport the caller brings (an app's function call, an MCP client).\nEach method resolves to the tool's structured content; a refusal or `isError` answer rejects with a `ToolCallError` carrying the reason.")}export function createToolClient(${empty ? '_invoke' : 'invoke'}: ToolInvoke): ToolClient {
  return {${empty ? '' : `\n${impl}\n  `}};
}
`;
  return { path: 'client.ts', content };
}
