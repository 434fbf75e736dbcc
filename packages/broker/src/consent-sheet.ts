import { ownData, type Catalog, type ManifestEntry } from '@xcap/catalog';
import { catalogIndex } from './catalog-index.js';
import { normaliseManifestOrigin } from './origins.js';
import { readableList } from './readable-list.js';

/** The text of a consent sheet. */
export interface ConsentSheet {
  /** The capability's label, e.g. `Photos`. */
  readonly title: string;
  /** `This app wants to <verb>. <why>`, e.g. `This app wants to connect to api.example.com. Load exchange rates.` */
  readonly text: string;
}

/**
 * The consent sheet for an `ask` scope: the title is the capability's label;
 * the text is the scope's verb — its `{origins}` filled with the manifest's
 * hosts as a readable list (`a.com`, `a.com and b.com`, `a.com, b.com and
 * c.com`; lowercased, punycode, a non-default port kept) — followed by the
 * manifest's `why` (own data properties of the entry only; duplicates
 * removed in linear time). An unknown, host-only or picker scope (a picker is its
 * own consent), an entry for another scope, or an origins scope whose entry
 * lists no valid origin is a TypeError: no sheet may be shown for it.
 */
export function consentSheet(catalog: Catalog, scopeId: string, manifestEntry: ManifestEntry): ConsentSheet {
  const found = catalogIndex(catalog).scopes.get(scopeId);
  if (found === undefined) throw new TypeError(`consentSheet: no scope ${JSON.stringify(scopeId)} in the catalog`);
  const { scope, capability } = found;
  if (scope.hostOnly === true) throw new TypeError(`consentSheet: ${scopeId} is host-only; no app is ever asked for it`);
  if (scope.consent !== 'ask') throw new TypeError(`consentSheet: ${scopeId} is a picker scope; the picker is the consent`);
  const entry: unknown = manifestEntry; // JavaScript callers can pass anything
  if (typeof entry !== 'object' || entry === null || ownData(manifestEntry, 'id') !== scopeId) {
    throw new TypeError(`consentSheet: the manifest entry is not the one for ${scopeId}`);
  }
  const given = ownData(manifestEntry, 'why');
  const why = typeof given === 'string' ? given.trim() : '';
  if (why === '') throw new TypeError(`consentSheet: the manifest entry for ${scopeId} has no why`);
  let verb = scope.verb;
  if (scope.origins === true) {
    const hosts = originHosts(ownData(manifestEntry, 'origins'));
    if (hosts.length === 0) throw new TypeError(`consentSheet: the manifest entry for ${scopeId} lists no valid origin`);
    verb = verb.split('{origins}').join(readableList(hosts));
  }
  return { title: capability.label, text: `This app wants to ${verb}. ${why}` };
}

function originHosts(origins: unknown): string[] {
  if (!Array.isArray(origins)) return [];
  const hosts = new Set<string>();
  for (const origin of origins as unknown[]) {
    const normalised = normaliseManifestOrigin(origin);
    if (normalised !== null) hosts.add(normalised.slice('https://'.length));
  }
  return [...hosts];
}
