import { providerProtocolVersion } from './protocol-version.js';

/** What a provider answered to `providers/describe`, once its shape is checked. */
export interface ProviderDescription {
  /** Always `providerProtocolVersion`. */
  readonly protocolVersion: number;
  /** The provider's own name and version (for logs). */
  readonly provider: { readonly name: string; readonly version: string };
  /** The native tools (bare names) it serves, by capability. */
  readonly capabilities: { readonly [capability: string]: readonly string[] };
}

/**
 * Checks the shape of a `providers/describe` result and answers it, or
 * every problem found (each `<where>: <rule>`). A different
 * `protocolVersion` is one problem naming both versions.
 */
export function readDescription(result: unknown): { readonly description: ProviderDescription } | { readonly problems: string[] } {
  if (typeof result !== 'object' || result === null || Array.isArray(result))
    return { problems: ['describe result: not an object {protocolVersion, provider, capabilities}'] };
  const r = result as Record<string, unknown>;
  const problems: string[] = [];
  if (r.protocolVersion !== providerProtocolVersion) {
    problems.push(
      `protocolVersion: the provider speaks version ${JSON.stringify(r.protocolVersion ?? null)}, this host speaks version ${providerProtocolVersion}`,
    );
  }
  const provider = r.provider;
  if (
    typeof provider !== 'object' ||
    provider === null ||
    typeof (provider as Record<string, unknown>).name !== 'string' ||
    typeof (provider as Record<string, unknown>).version !== 'string'
  ) {
    problems.push('provider: not an object {name: string, version: string}');
  }
  const capabilities = r.capabilities;
  if (typeof capabilities !== 'object' || capabilities === null || Array.isArray(capabilities)) {
    problems.push('capabilities: not an object {"<capability>": ["<native tool>", …]}');
  } else {
    for (const [name, tools] of Object.entries(capabilities)) {
      if (!Array.isArray(tools) || tools.some((t) => typeof t !== 'string')) problems.push(`capabilities.${name}: not an array of native tool names`);
    }
  }
  if (problems.length > 0) return { problems };
  const p = provider as { name: string; version: string };
  return {
    description: {
      protocolVersion: providerProtocolVersion,
      provider: { name: p.name, version: p.version },
      capabilities: Object.fromEntries(Object.entries(capabilities as Record<string, string[]>).map(([k, v]) => [k, [...v]])),
    },
  };
}

/** Whether two descriptions serve the same capabilities with the same native tools (names and versions may differ). */
export function sameCapabilities(a: ProviderDescription, b: ProviderDescription): boolean {
  const key = (d: ProviderDescription) =>
    JSON.stringify(
      Object.keys(d.capabilities)
        .sort()
        .map((c) => [c, [...(d.capabilities[c] ?? [])].sort()]),
    );
  return key(a) === key(b);
}
