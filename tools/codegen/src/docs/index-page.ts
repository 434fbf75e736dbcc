/** `indexPage`: the reference's front page — every capability with its label, host, scopes and tools. */
import type { Catalog } from '@xcap/catalog/core';
import { code, mdText, table } from './markdown.js';

/** The path of a capability's page, relative to the reference's folder. */
export function capabilityPagePath(name: string): string {
  return `capabilities/${name}.md`;
}

/** The Markdown of `index.md` (without the generated-file header). */
export function indexPage(catalog: Catalog): string {
  const scopes = catalog.capabilities.reduce((n, c) => n + c.scopes.length, 0);
  const listed = catalog.capabilities.reduce((n, c) => n + c.scopes.reduce((m, s) => m + s.tools.length, 0), 0);
  const rows = catalog.capabilities.map((cap) => [
    `[${code(cap.name)}](${capabilityPagePath(cap.name)})`,
    mdText(cap.label),
    cap.host === undefined ? 'any' : code(cap.host),
    cap.scopes.map((s) => `${code(s.id)} (${s.hostOnly === true ? 'host-only' : s.consent})`).join(', '),
    cap.scopes.flatMap((s) => s.tools.map((t) => code(`${cap.name}_${t}`))).join(', '),
  ]);
  return (
    [
      '# The capability catalog',
      `${catalog.capabilities.length} capabilities, ${scopes} scopes, ${listed} tools (${catalog.tools.length} with a v1 contract). Each capability’s page lists its scopes — the consent kind and what the person sees — and its tools with their input, output, native input and native output schemas.`,
      'How every call is decided and audited: [the broker’s decision order and the audit](broker-and-audit.md).',
      table(['capability', 'label', 'host', 'scopes', 'tools'], rows),
    ].join('\n\n') + '\n'
  );
}
