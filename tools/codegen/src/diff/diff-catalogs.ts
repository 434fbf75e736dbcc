/**
 * `diffCatalogs`: every change between two validated catalogs, one entry
 * per change with its JSON pointer, semver class and reason. Capabilities
 * are matched by name, scopes by id, tools by name, schema properties by
 * key; a rename is a removal plus an addition.
 */
import { jsonEqual, pointerAppend } from '@xcap/catalog/core';
import type { Capability, Catalog, Scope, ToolDef } from '@xcap/catalog/core';
import { toolTableFileName } from '../tool-table.js';
import type { CatalogChange } from './catalog-change.js';
import { diffSchema } from './diff-schema.js';

const show = (value: unknown): string => JSON.stringify(value);

/** Consent kinds from the least to the most strict (`none` → `ask` → `picker`). */
const consentRank: { readonly [k: string]: number } = { none: 0, ask: 1, picker: 2 };

function indexBy<T>(items: readonly T[], key: (item: T) => string): Map<string, { item: T; index: number }> {
  return new Map(items.map((item, index) => [key(item), { item, index }]));
}

/** The changes from catalog `before` to catalog `after`, in catalog order (removals first within each list). */
export function diffCatalogs(before: Catalog, after: Catalog): CatalogChange[] {
  const changes: CatalogChange[] = [];
  if (before.scopePattern !== after.scopePattern) {
    changes.push({
      pointer: '/scopePattern',
      class: 'major',
      breaks: 'callers',
      reason: `scopePattern changed ${show(before.scopePattern)} → ${show(after.scopePattern)} (scope ids are checked differently)`,
    });
  }
  for (const name of before.reservedNames) {
    if (!after.reservedNames.includes(name)) changes.push({ pointer: '/reservedNames', class: 'minor', reason: `reserved name ${show(name)} released` });
  }
  after.reservedNames.forEach((name, i) => {
    if (!before.reservedNames.includes(name))
      changes.push({
        pointer: `/reservedNames/${i}`,
        class: 'major',
        breaks: 'both',
        reason: `reserved name ${show(name)} added (a capability of that name is refused)`,
      });
  });
  diffCapabilities(before.capabilities, after.capabilities, changes);
  diffTools(before, after, changes);
  diffV1(before, after, changes);
  for (const key of ['page', 'margin', 'fonts', 'widths', 'winAnsi'] as const) {
    if (!jsonEqual(before.pdf[key], after.pdf[key])) {
      changes.push({
        pointer: `/pdf/${key}`,
        class: 'major',
        breaks: 'callers',
        reason: `PDF layout table ${show(key)} changed (print_pdf writes different bytes)`,
      });
    }
  }
  return changes;
}

function diffCapabilities(before: readonly Capability[], after: readonly Capability[], changes: CatalogChange[]): void {
  const old = indexBy(before, (c) => c.name);
  const now = indexBy(after, (c) => c.name);
  for (const [name, { index }] of old) {
    if (!now.has(name)) changes.push({ pointer: `/capabilities/${index}`, class: 'major', breaks: 'both', reason: `capability ${show(name)} removed` });
  }
  for (const [name, { item: cap, index }] of now) {
    const p = `/capabilities/${index}`;
    const was = old.get(name)?.item;
    if (was === undefined) {
      changes.push({ pointer: p, class: 'minor', reason: `capability ${show(name)} added` });
      continue;
    }
    if (was.label !== cap.label)
      changes.push({ pointer: `${p}/label`, class: 'patch', reason: `capability ${show(name)}: label ${show(was.label)} → ${show(cap.label)}` });
    if (was.host !== cap.host) {
      if (cap.host === undefined)
        changes.push({ pointer: `${p}/host`, class: 'minor', reason: `capability ${show(name)}: host ${show(was.host)} removed (any host may provide it)` });
      else if (was.host === undefined)
        changes.push({
          pointer: `${p}/host`,
          class: 'major',
          breaks: 'both',
          reason: `capability ${show(name)}: given host ${show(cap.host)} (every other host answers unavailable)`,
        });
      else
        changes.push({ pointer: `${p}/host`, class: 'major', breaks: 'both', reason: `capability ${show(name)}: host ${show(was.host)} → ${show(cap.host)}` });
    }
    diffScopes(name, was.scopes, cap.scopes, old.get(name)?.index ?? index, p, changes);
  }
}

function diffScopes(capability: string, before: readonly Scope[], after: readonly Scope[], oldIndex: number, p: string, changes: CatalogChange[]): void {
  const old = indexBy(before, (s) => s.id);
  const now = indexBy(after, (s) => s.id);
  for (const [id, { index }] of old) {
    if (!now.has(id))
      changes.push({ pointer: `/capabilities/${oldIndex}/scopes/${index}`, class: 'major', breaks: 'callers', reason: `scope ${show(id)} removed` });
  }
  for (const [id, { item: scope, index }] of now) {
    const sp = `${p}/scopes/${index}`;
    const was = old.get(id);
    if (was === undefined) {
      changes.push({ pointer: sp, class: 'minor', reason: `scope ${show(id)} added` });
      continue;
    }
    diffScope(capability, was.item, scope, `/capabilities/${oldIndex}/scopes/${was.index}`, sp, changes);
  }
}

function diffScope(capability: string, was: Scope, scope: Scope, oldPointer: string, sp: string, changes: CatalogChange[]): void {
  const s = `scope ${show(scope.id)}`;
  if (was.verb !== scope.verb)
    changes.push({ pointer: `${sp}/verb`, class: 'patch', reason: `${s}: consent sheet verb ${show(was.verb)} → ${show(scope.verb)}` });
  if (was.consent !== scope.consent) {
    const stricter = rankOf(scope.consent) > rankOf(was.consent);
    changes.push({
      pointer: `${sp}/consent`,
      class: stricter ? 'major' : 'minor',
      ...(stricter ? { breaks: 'callers' as const } : {}),
      reason: `${s}: consent ${stricter ? 'stricter' : 'less strict'} ${was.consent} → ${scope.consent}`,
    });
  }
  if ((was.hostOnly === true) !== (scope.hostOnly === true)) {
    if (scope.hostOnly === true)
      changes.push({ pointer: `${sp}/hostOnly`, class: 'major', breaks: 'callers', reason: `${s}: made hostOnly (no app may declare it)` });
    else changes.push({ pointer: `${sp}/hostOnly`, class: 'minor', reason: `${s}: no longer hostOnly (apps may declare it)` });
  }
  if ((was.origins === true) !== (scope.origins === true)) {
    if (scope.origins === true)
      changes.push({
        pointer: `${sp}/origins`,
        class: 'major',
        breaks: 'callers',
        reason: `${s}: origins required (manifest entries must list origins, calls need a url on one)`,
      });
    else changes.push({ pointer: `${sp}/origins`, class: 'minor', reason: `${s}: origins no longer required` });
  }
  was.tools.forEach((tool, k) => {
    if (!scope.tools.includes(tool))
      changes.push({
        pointer: `${oldPointer}/tools/${k}`,
        class: 'major',
        breaks: 'callers',
        reason: `${s}: tool ${show(`${capability}_${tool}`)} removed from the scope`,
      });
  });
  scope.tools.forEach((tool, k) => {
    if (!was.tools.includes(tool))
      changes.push({ pointer: `${sp}/tools/${k}`, class: 'minor', reason: `${s}: tool ${show(`${capability}_${tool}`)} added to the scope` });
  });
}

function rankOf(kind: string): number {
  return consentRank[kind] ?? 0;
}

/** The capability whose scopes list the tool `name` (`<capability>_<tool>`), if any. */
function capabilityOf(catalog: Catalog, name: string): Capability | undefined {
  return catalog.capabilities.find((cap) => cap.scopes.some((scope) => scope.tools.some((tool) => `${cap.name}_${tool}` === name)));
}

/**
 * A new tool: minor for callers, who only gain it; but a new native tool of a
 * capability that already existed is major for its providers, since a host's
 * native capability implements every native tool of its capability (a
 * `HostProviders` method more to write, a provider process without it refused).
 * Either way the reason says the tool table needs its row (`tableRowNeeded`).
 */
function toolAdded(before: Catalog, after: Catalog, tool: ToolDef, pointer: string): CatalogChange {
  const capability = tool.runs === 'native' ? capabilityOf(after, tool.name) : undefined;
  if (capability === undefined || !before.capabilities.some((cap) => cap.name === capability.name))
    return { pointer, class: 'minor', reason: `tool ${show(tool.name)} added${tableRowNeeded(tool.name)}` };
  return {
    pointer,
    class: 'major',
    breaks: 'providers',
    reason: `tool ${show(tool.name)} added: every provider of ${capability.name} must implement ${tool.name} (callers only gain a tool)${tableRowNeeded(tool.name)}`,
  };
}

/** What an added tool's reason ends with: the tool table beside the catalog needs a row for it (codegen refuses the catalog until then). */
function tableRowNeeded(name: string): string {
  return `; the tool table (${toolTableFileName} beside the catalog) needs a row for ${name}: its title, MCP hints and their reason`;
}

function diffTools(beforeCatalog: Catalog, afterCatalog: Catalog, changes: CatalogChange[]): void {
  const old = indexBy(beforeCatalog.tools, (t) => t.name);
  const now = indexBy(afterCatalog.tools, (t) => t.name);
  for (const [name, { index }] of old) {
    if (!now.has(name))
      changes.push({
        pointer: `/tools/${index}`,
        class: 'major',
        breaks: 'both',
        reason: `tool ${show(name)} removed (no v1 contract: calls answer unavailable)`,
      });
  }
  for (const [name, { item: tool, index }] of now) {
    const p = `/tools/${index}`;
    const was = old.get(name)?.item;
    if (was === undefined) {
      changes.push(toolAdded(beforeCatalog, afterCatalog, tool, p));
      continue;
    }
    if (was.description !== tool.description) changes.push({ pointer: `${p}/description`, class: 'patch', reason: `${name}: description changed` });
    if (was.runs !== tool.runs) {
      changes.push({
        pointer: `${p}/runs`,
        class: 'major',
        breaks: 'providers',
        reason: `${name}: runs ${was.runs} → ${tool.runs} (${tool.runs === 'native' ? 'every host must now provide it' : 'host providers no longer answer it'})`,
      });
    }
    changes.push(...diffSchema(was.inputSchema, tool.inputSchema, pointerAppend(p, 'inputSchema'), 'input', name));
    if (was.nativeOutputSchema !== null && tool.nativeOutputSchema !== null) {
      changes.push(...diffSchema(was.nativeOutputSchema, tool.nativeOutputSchema, pointerAppend(p, 'nativeOutputSchema'), 'nativeOutput', name));
    }
    changes.push(...diffSchema(was.outputSchema, tool.outputSchema, pointerAppend(p, 'outputSchema'), 'output', name));
  }
}

function diffV1(before: Catalog, after: Catalog, changes: CatalogChange[]): void {
  const a = before.v1.mimeByExtension;
  const b = after.v1.mimeByExtension;
  for (const ext of Object.keys(a)) {
    const p = pointerAppend('/v1/mimeByExtension', ext);
    if (!Object.hasOwn(b, ext))
      changes.push({ pointer: p, class: 'major', breaks: 'callers', reason: `MIME type of ".${ext}" removed (such files get a sniffed or default type)` });
    else if (a[ext] !== b[ext])
      changes.push({ pointer: p, class: 'major', breaks: 'callers', reason: `MIME type of ".${ext}" changed ${show(a[ext])} → ${show(b[ext])}` });
  }
  for (const ext of Object.keys(b)) {
    if (!Object.hasOwn(a, ext))
      changes.push({ pointer: pointerAppend('/v1/mimeByExtension', ext), class: 'minor', reason: `MIME type of ".${ext}" added: ${show(b[ext])}` });
  }
  for (const key of ['context', 'blobs', 'blobIds'] as const) {
    if (!jsonEqual(before.v1[key], after.v1[key]))
      changes.push({ pointer: `/v1/${key}`, class: 'patch', reason: `v1.${key} changed (data the cases run with)` });
  }
}
