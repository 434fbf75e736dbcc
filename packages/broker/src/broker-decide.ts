import { ownData, type Catalog, type Grant, type ManifestEntry, type ToolCall, type Verdict } from '@xcap/catalog';
import { unknownVerdict } from './catalog-index.js';
import { callUrlOrigin, normaliseManifestOrigin } from './origins.js';
import { lookupTool } from './parse-tool-name.js';
import { isObject } from '@xcap/wire';

/** What the broker decides on: the app's manifest and grants, the host's capabilities, the app's state, the call. */
export interface BrokerInput {
  /** The package's capability manifest (the ceiling). */
  readonly manifest: readonly ManifestEntry[];
  /** The app's stored consent answers by scope id. */
  readonly grants: Readonly<Record<string, Grant>>;
  /** The capabilities this host provides. */
  readonly provided: readonly string[];
  /** Whether the app is in the foreground (a sheet or picker may be shown). */
  readonly foreground: boolean;
  readonly call: ToolCall;
}

/**
 * The one decision for UI and agent calls. The FIRST that applies:
 * `unknown` (the name does not parse) · `denied/hostOnly` ·
 * `denied/notDeclared` (no manifest entry for the scope) · `unavailable` (the
 * host does not provide the capability) · `denied/originNotDeclared` (an
 * `origins` scope whose `url` argument is absent, not a string, not an
 * http(s) URL or not on the manifest's list) · picker: `call` in the
 * foreground, else `denied/needsForeground` · ask: grant `granted` → `call`,
 * `denied` → `denied/consentDenied`, undecided → `ask` in the foreground,
 * `denied/consentNeeded` in the background.
 *
 * Only own data properties count: an inherited or getter `id` of a
 * manifest entry declares nothing, an inherited or getter `origins` or
 * `url` is absent. Never throws: malformed input (a non-array manifest, entries that are not
 * objects, non-object grants or arguments) counts as nothing declared,
 * granted, provided or given. Verdicts are frozen and shared between calls.
 */
export function brokerDecide(catalog: Catalog, input: BrokerInput): Verdict {
  const call: unknown = isObject(input) ? input.call : undefined;
  if (!isObject(call)) return unknownVerdict;
  const found = lookupTool(catalog, call.from, call.name);
  if (found === undefined) return unknownVerdict;
  const { scope, verdicts } = found;
  if (scope.hostOnly === true) return verdicts.hostOnly;
  const entry = declaredEntry(input.manifest, scope.id);
  if (entry === undefined) return verdicts.notDeclared;
  const provided: unknown = input.provided;
  if (!Array.isArray(provided) || !provided.includes(found.capability.name)) return verdicts.unavailable;
  if (scope.origins === true && !originDeclared(ownData(entry, 'origins'), call.arguments)) return verdicts.originNotDeclared;
  const foreground = input.foreground === true;
  if (scope.consent === 'picker') return foreground ? verdicts.call : verdicts.needsForeground;
  const grant = grantOf(input.grants, scope.id);
  if (grant === 'granted') return verdicts.call;
  if (grant === 'denied') return verdicts.consentDenied;
  return foreground ? verdicts.ask : verdicts.consentNeeded;
}

function declaredEntry(manifest: unknown, scopeId: string): Record<string, unknown> | undefined {
  if (!Array.isArray(manifest)) return undefined;
  for (const entry of manifest as unknown[]) {
    if (isObject(entry) && ownData(entry, 'id') === scopeId) return entry;
  }
  return undefined;
}

function grantOf(grants: unknown, scopeId: string): unknown {
  if (!isObject(grants) || !Object.prototype.hasOwnProperty.call(grants, scopeId)) return undefined;
  return grants[scopeId];
}

function originDeclared(origins: unknown, args: unknown): boolean {
  if (!Array.isArray(origins) || !isObject(args)) return false;
  const origin = callUrlOrigin(ownData(args, 'url'));
  if (origin === null) return false;
  for (const declared of origins as unknown[]) {
    if (typeof declared === 'string' && manifestOrigin(declared) === origin) return true;
  }
  return false;
}

const manifestOrigins = new Map<string, string | null>();

/** `normaliseManifestOrigin`, memoised by the origin's text (bounded). */
function manifestOrigin(declared: string): string | null {
  let origin = manifestOrigins.get(declared);
  if (origin === undefined) {
    origin = normaliseManifestOrigin(declared);
    if (manifestOrigins.size >= 1024) manifestOrigins.clear();
    manifestOrigins.set(declared, origin);
  }
  return origin;
}
