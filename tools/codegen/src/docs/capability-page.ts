/** `capabilityPage`: the reference page of one capability — its scopes and every tool's names and schemas. */
import { nativeInputSchema, qualifiedToolName } from '@xcap/catalog/core';
import type { Capability, Catalog, Scope, ToolAnnotations, ToolDef } from '@xcap/catalog/core';
import { consentSheetTemplate, originsPlaceholder, whyPlaceholder } from './consent-template.js';
import { code, mdText } from './markdown.js';
import { schemaTable } from './schema-table.js';
import { specDefinition } from './spec-text.js';
import type { ToolTableRow } from '../tool-table.js';

/**
 * The Markdown of `capability`'s page (without the generated-file header);
 * `comment` is the catalog's `$comment`, if any; `rows` the tool table's
 * rows (each tool's hints shown with their reason).
 */
export function capabilityPage(catalog: Catalog, capability: Capability, comment: string | null, rows: ReadonlyMap<string, ToolTableRow> = new Map()): string {
  const out: string[] = [];
  out.push(`# ${mdText(capability.label)} (${code(capability.name)})`);
  out.push('[All capabilities](../index.md) · [The broker’s decision order and the audit](../broker-and-audit.md)');
  out.push(
    capability.host === undefined
      ? 'Any host may provide this capability.'
      : `Provided only by the host ${code(capability.host)}: every other host answers ${code('unavailable')}.`,
  );
  out.push('## Scopes');
  for (const scope of capability.scopes) out.push(...scopeSection(capability, scope, comment));
  out.push('## Tools');
  for (const scope of capability.scopes) {
    for (const bare of scope.tools) out.push(...toolSection(catalog, capability, scope, bare, comment, rows));
  }
  return `${out.join('\n\n')}\n`;
}

/** Label–value pairs as a list: `- **label**: value`. */
function facts(rows: readonly (readonly string[])[]): string {
  return rows.map(([label, value]) => `- **${label}**: ${value}`).join('\n');
}

function quote(comment: string | null, term: string): string {
  const text = comment === null ? null : specDefinition(comment, term);
  return text === null ? '' : ` — the spec: “${mdText(text)}”`;
}

function scopeSection(capability: Capability, scope: Scope, comment: string | null): string[] {
  const sheet = consentSheetTemplate(capability, scope);
  let sees: string;
  if (scope.hostOnly === true) sees = `Nothing: no app may declare this scope, and the broker refuses every app’s call (${code('denied/hostOnly')}).`;
  else if (sheet === null) sees = 'The platform’s own picker or sheet, on every call; no consent sheet, and the app must be in the foreground.';
  else {
    const parts = [`${whyPlaceholder} is the manifest entry’s ${code('why')}`];
    if (scope.origins === true) parts.push(`${originsPlaceholder} the hosts of its ${code('origins')} as a list (${code('a.com and b.com')})`);
    sees = `A consent sheet titled “${mdText(sheet.title)}”: “${mdText(sheet.text)}” (${parts.join('; ')}).`;
  }
  const rows = [
    ['consent', `${code(scope.consent)}${quote(comment, scope.consent)}`],
    ['what the person sees', sees],
    ['host-only', scope.hostOnly === true ? `yes${quote(comment, 'hostOnly: true')}` : 'no'],
    ['origins', scope.origins === true ? `required${quote(comment, 'origins: true')}` : 'not used'],
    ['host', capability.host === undefined ? 'any' : code(capability.host)],
    ['tools', scope.tools.map((t) => code(`${capability.name}_${t}`)).join(', ')],
  ];
  return [`### ${code(scope.id)}`, facts(rows)];
}

function toolSection(
  catalog: Catalog,
  capability: Capability,
  scope: Scope,
  bare: string,
  comment: string | null,
  rows: ReadonlyMap<string, ToolTableRow>,
): string[] {
  const name = `${capability.name}_${bare}`;
  const tool = catalog.tools.find((t) => t.name === name);
  const names = [
    ['UI name', code(name)],
    ['agent name', code(qualifiedToolName('ui', name))],
    ['scope', `${code(scope.id)} (${scope.hostOnly === true ? 'host-only' : scope.consent})`],
  ];
  if (tool === undefined) {
    return [
      `### ${code(name)}`,
      facts(names),
      `No v1 contract: the catalog’s ${code('tools')} has no entry for it, so the bridge answers isError ${code('unavailable')}, the native never runs, and agents are not offered it.`,
    ];
  }
  names.push([
    'runs',
    tool.runs === 'native' ? `${code('native')}: a host’s native provider answers it` : `${code('engine')}${quote(comment, 'runs: engine')}`,
  ]);
  if (tool.title !== undefined) names.push(['title', mdText(tool.title)]);
  if (tool.annotations !== undefined) names.push(['MCP hints', hints(tool.annotations)]);
  const reason = rows.get(name)?.reason;
  if (reason !== undefined) names.push(['why these hints', mdText(reason)]);
  return [`### ${code(name)}`, mdText(tool.description), facts(names), ...schemas(tool)];
}

/** The four MCP hints as the reference lists them: `readOnlyHint` yes/no, and so on. */
function hints(annotations: ToolAnnotations): string {
  const yes = (value: boolean) => (value ? 'yes' : 'no');
  return [
    `${code('readOnlyHint')} ${yes(annotations.readOnlyHint)}`,
    `${code('destructiveHint')} ${yes(annotations.destructiveHint)}`,
    `${code('idempotentHint')} ${yes(annotations.idempotentHint)}`,
    `${code('openWorldHint')} ${yes(annotations.openWorldHint)}`,
  ].join(', ');
}

function schemas(tool: ToolDef): string[] {
  const engine = `None: the engine answers this tool itself (${code('runs: engine')}), no native provider is called.`;
  return [
    `#### Input (${code('inputSchema')})`,
    schemaTable(tool.inputSchema),
    `#### Output (${code('outputSchema')})`,
    schemaTable(tool.outputSchema),
    '#### Native input (what the host’s provider receives)',
    tool.runs === 'native' ? schemaTable(nativeInputSchema(tool)) : engine,
    `#### Native output (${code('nativeOutputSchema')})`,
    tool.nativeOutputSchema === null ? engine : schemaTable(tool.nativeOutputSchema),
  ];
}
