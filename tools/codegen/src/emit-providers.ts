/**
 * Emits `providers.ts`: one provider interface per capability with native
 * tools, one method per native tool, and the `HostProviders` a platform
 * host implements (capabilities with a `host` only in that host's variant).
 */
import type { Catalog } from '@xcap/catalog/core';
import type { GeneratedFile } from './generated-file.js';
import { runtimeSpecifier, type OutputLayout } from './layout.js';
import { doc, kebab, key, lit, pascal, splitToolName } from './naming.js';

/** The provider interfaces. */
export function emitProviders(catalog: Catalog, layout: OutputLayout = 'package'): GeneratedFile {
  const native = catalog.tools.filter((t) => t.runs === 'native');
  const caps = catalog.capabilities.filter((c) => native.some((t) => splitToolName(t.name)[0] === c.name));
  const without = catalog.capabilities.filter((c) => !caps.includes(c)).map((c) => c.name);
  const imports = native
    .map((t) => `import type { ${pascal(t.name)}NativeInput, ${pascal(t.name)}NativeOutput } from './types/${kebab(t.name)}.js';`)
    .join('\n');
  const interfaces = caps
    .map((c) => {
      const methods = native
        .filter((t) => splitToolName(t.name)[0] === c.name)
        .map((t) => {
          const p = pascal(t.name);
          return `${doc(`${t.description}\n\nAnswer \`{ isError: 'unavailable' }\` where this host cannot serve it. \`context\` tells when the host stops waiting (its \`signal\` aborts then): a native that asks the person stops asking.`, '  ')}  ${key(splitToolName(t.name)[1])}(input: ${p}NativeInput, context?: NativeContext): Promise<NativeResult<${p}NativeOutput>>;`;
        })
        .join('\n');
      const served = c.host
        ? `Served only by the \`${c.host}\` host; every other host answers \`unavailable\`.`
        : 'Served by every platform host that provides it.';
      return `${doc(`The native provider of \`${c.name}\` (${c.label}). ${served}`)}export interface ${pascal(c.name)}Provider {\n${methods}\n}\n`;
    })
    .join('\n');
  const hosts = [...new Set(caps.map((c) => c.host).filter((h): h is string => !!h))].sort();
  const field = (c: (typeof caps)[number]) =>
    `${doc(`${c.label}: provide it to offer its tools.`, '  ')}  readonly ${key(c.name)}?: ${pascal(c.name)}Provider;`;
  const common = caps.filter((c) => !c.host);
  const hostVariants = hosts
    .map((h) => {
      const own = caps.filter((c) => c.host === h);
      return `${doc(`The providers of the \`${h}\` host: every platform capability plus those only \`${h}\` serves.`)}export interface ${pascal(h)}HostProviders extends HostProviders {\n${own.map(field).join('\n')}\n}\n`;
    })
    .join('\n');
  const hostMap = caps
    .filter((c) => c.host)
    .map((c) => `  ${key(c.name)}: ${lit(c.host!)},`)
    .join('\n');
  const content = `${native.length ? `import type { NativeContext, NativeResult } from '${runtimeSpecifier(layout, 0)}';\n` : ''}${imports}

${interfaces}
${doc(`The native providers a platform host implements, one per capability it provides.${without.length ? `\nCapabilities with no native v1 tool (${without.join(', ')}) have no provider: their tools answer \`unavailable\`.` : ''}`)}export interface HostProviders {
${common.map(field).join('\n')}
}

${hostVariants}
${doc('Capabilities that only one host serves → that host.')}export const capabilityHosts: { readonly [capability: string]: string } = {
${hostMap}
};
`;
  return { path: 'providers.ts', content };
}
