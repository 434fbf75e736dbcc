import type { AppManifest } from '../manifest/app-manifest.js';

/** The `xcap serve` flag that provides a capability with a Node provider, when one does. */
const providingFlag: Readonly<Record<string, string>> = { photos: '--photos <dir>', files: '--files <dir>' };

/**
 * One warning line per scope the manifest declares whose capability this
 * host does not provide — its tools are left out of the agent's
 * `tools/list` and its calls answer `unavailable` — naming the flag that
 * would provide it (`--photos <dir>`, `--files <dir>`), or a provider
 * process that describes it. In manifest order.
 */
export function unprovidedScopeWarnings(manifest: AppManifest, provided: readonly string[]): string[] {
  const have = new Set(provided);
  const lines: string[] = [];
  for (const { id } of manifest.capabilities) {
    const capability = id.slice(0, id.indexOf('.'));
    if (have.has(capability)) continue;
    const flag = providingFlag[capability];
    const how = flag === undefined ? `a --providers-command that describes ${capability}` : `${flag}, or a --providers-command that describes ${capability}`;
    lines.push(
      `xcap serve: warning: the manifest declares ${id}, but this host does not provide ${capability}: its tools are not listed and its calls answer unavailable (give ${how})`,
    );
  }
  return lines;
}
