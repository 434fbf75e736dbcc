import type { Catalog } from '@xcap/catalog';
import type { ProviderDescription } from './provider-description.js';

/**
 * Checks what a provider described against the catalog, as `createCallPath`
 * checks a JS host's providers, and lists EVERY problem: a capability the
 * catalog does not have (or marks for another `host`), a native tool the
 * catalog does not define for that capability, and one listed twice. A
 * native tool the catalog defines but the provider left out is no problem:
 * it answers isError `unavailable` (see `omittedTools`).
 */
export function checkDescription(catalog: Catalog, description: ProviderDescription, host?: string): string[] {
  const problems: string[] = [];
  for (const [name, tools] of Object.entries(description.capabilities)) {
    const capability = catalog.capabilities.find((c) => c.name === name);
    if (capability === undefined) {
      problems.push(`capabilities.${name}: no capability ${JSON.stringify(name)} in the catalog`);
      continue;
    }
    if (capability.host !== undefined && capability.host !== host) {
      problems.push(
        `capabilities.${name}: ${JSON.stringify(name)} is provided only by host ${JSON.stringify(capability.host)} (this host is ${host === undefined ? 'unnamed' : JSON.stringify(host)})`,
      );
      continue;
    }
    const defined = nativeToolsOf(catalog, name);
    const seen = new Set<string>();
    for (const tool of tools) {
      if (seen.has(tool)) problems.push(`capabilities.${name}: native tool ${JSON.stringify(tool)} listed twice`);
      else if (!defined.includes(tool)) {
        problems.push(
          `capabilities.${name}: ${JSON.stringify(tool)} is not a native tool of ${name} in the catalog (its native tools: ${defined.join(', ') || 'none'})`,
        );
      }
      seen.add(tool);
    }
  }
  return problems;
}

/** The bare names of a capability's native tools in the catalog (`photos` → `pick`, `get`, …). */
export function nativeToolsOf(catalog: Catalog, capability: string): string[] {
  return catalog.tools.filter((t) => t.runs === 'native' && t.name.startsWith(`${capability}_`)).map((t) => t.name.slice(capability.length + 1));
}
