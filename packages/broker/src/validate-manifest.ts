import { codePointLength, ownData, type Catalog, type ManifestEntry } from '@xcap/catalog';
import { catalogIndex } from './catalog-index.js';
import { normaliseManifestOrigin } from './origins.js';

/** The longest `why` a manifest entry may carry, in code points (a consent sheet is no place for an essay). */
export const maxWhyLength = 500;

/** The answer of `validateManifest`: the checked manifest, or every problem found. */
export type ManifestValidation = { readonly ok: true; readonly manifest: ManifestEntry[] } | { readonly ok: false; readonly errors: string[] };

const entryKeys = new Set(['id', 'why', 'origins']);

/**
 * Checks a package's capability manifest (package format 5
 * `capabilities: [{id, why, origins?}]`) against the catalog and reports
 * EVERY problem as `<JSON pointer>: <rule>` (the root is `/`), e.g.
 * `/2/origins/0: not an exact https origin`. Rules: an array of objects;
 * per entry, in this order: the keys `id` and `why` present; no keys
 * other than `id`, `why`, `origins`; `id` a string matching `scopePattern`,
 * naming a catalog scope, not host-only, not a duplicate of an earlier
 * entry's; `why` a string with a non-blank character and at most
 * `maxWhyLength` code points; `origins` present exactly when the scope has
 * `origins: true`, a non-empty array of exact `https://host[:port]` strings
 * with no duplicates after normalisation. A valid manifest comes back as
 * fresh `{id, why, origins?}` objects (the origins as written). Each field
 * is read once, own data properties only (a getter never runs), so the
 * returned manifest is exactly what was checked.
 */
export function validateManifest(catalog: Catalog, entries: unknown): ManifestValidation {
  if (!Array.isArray(entries)) return { ok: false, errors: ['/: not an array'] };
  const index = catalogIndex(catalog);
  const pattern = scopePattern(catalog.scopePattern);
  const errors: string[] = [];
  const manifest: ManifestEntry[] = [];
  const seenIds = new Map<string, number>();
  (entries as unknown[]).forEach((entry, i) => {
    const at = `/${i}`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      errors.push(`${at}: not an object`);
      return;
    }
    const record = readEntry(entry);
    const has = (key: string) => Object.prototype.hasOwnProperty.call(record, key);
    for (const key of ['id', 'why']) if (!has(key)) errors.push(`${at}: missing key "${key}"`);
    for (const key of Object.keys(entry)) if (!entryKeys.has(key)) errors.push(`${at}: unknown key ${JSON.stringify(key)}`);

    let needsOrigins: boolean | null = null;
    if (has('id')) {
      const id = record.id;
      if (typeof id !== 'string') errors.push(`${at}/id: not a string`);
      else if (pattern === null || !pattern.test(id)) errors.push(`${at}/id: does not match scopePattern`);
      else {
        const scope = index.scopes.get(id)?.scope;
        if (scope === undefined) errors.push(`${at}/id: no scope ${JSON.stringify(id)} in the catalog`);
        else if (scope.hostOnly === true) errors.push(`${at}/id: ${JSON.stringify(id)} is host-only, never an app's`);
        else needsOrigins = scope.origins === true;
        const first = seenIds.get(id);
        if (first !== undefined) errors.push(`${at}/id: duplicate of /${first}/id`);
        else seenIds.set(id, i);
      }
    }

    if (has('why')) {
      const why = record.why;
      if (typeof why !== 'string') errors.push(`${at}/why: not a string`);
      else if (why.trim() === '') errors.push(`${at}/why: empty`);
      else if (codePointLength(why) > maxWhyLength) errors.push(`${at}/why: longer than ${maxWhyLength} code points`);
    }

    if (has('origins')) {
      if (needsOrigins === false) errors.push(`${at}/origins: not allowed: the scope has no origins`);
      checkOrigins(record.origins, `${at}/origins`, errors);
    } else if (needsOrigins === true) {
      errors.push(`${at}: missing key "origins" (the scope requires origins)`);
    }

    if (errors.length === 0) {
      const origins = record.origins;
      const copy: ManifestEntry = Array.isArray(origins)
        ? { id: record.id as string, why: record.why as string, origins: [...(origins as string[])] }
        : { id: record.id as string, why: record.why as string };
      manifest.push(copy);
    }
  });
  return errors.length === 0 ? { ok: true, manifest } : { ok: false, errors };
}

/**
 * The entry's `id`, `why` and `origins` read once each, own data properties
 * only (an accessor's getter never runs: its value counts as `undefined`),
 * `origins` copied item by item, so what is checked is what is returned.
 */
function readEntry(entry: object): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const key of entryKeys) {
    const descriptor = Object.getOwnPropertyDescriptor(entry, key);
    if (descriptor === undefined) continue;
    const value: unknown = 'value' in descriptor ? descriptor.value : undefined;
    record[key] = key === 'origins' && Array.isArray(value) ? Array.from({ length: value.length }, (_, k) => ownData(value, String(k))) : value;
  }
  return record;
}

function checkOrigins(origins: unknown, at: string, errors: string[]): void {
  if (!Array.isArray(origins)) {
    errors.push(`${at}: not an array`);
    return;
  }
  if (origins.length === 0) errors.push(`${at}: empty`);
  const seen = new Map<string, number>();
  (origins as unknown[]).forEach((origin, k) => {
    if (typeof origin !== 'string') {
      errors.push(`${at}/${k}: not a string`);
      return;
    }
    const normalised = normaliseManifestOrigin(origin);
    if (normalised === null) {
      errors.push(`${at}/${k}: not an exact https origin`);
      return;
    }
    const first = seen.get(normalised);
    if (first !== undefined) errors.push(`${at}/${k}: duplicate of ${at}/${first}`);
    else seen.set(normalised, k);
  });
}

function scopePattern(source: string): RegExp | null {
  for (const flags of ['u', '']) {
    try {
      return new RegExp(source, flags);
    } catch {
      continue;
    }
  }
  return null;
}
