import type { Catalog, ManifestEntry } from '@xcap/catalog';
import { validateManifest } from '@xcap/broker';
import type { CallPathOptions } from './call-path-options.js';
import { resolveNative } from './resolve-native.js';

/** What checking a host's options found: every problem, and the validated manifest. */
export interface CallPathOptionsCheck {
  readonly problems: string[];
  readonly manifest: ManifestEntry[];
}

/**
 * Checks everything a host brings to `createCallPath` and lists EVERY
 * problem as `<where>: <rule>`: the app (id, screens, the manifest through
 * `validateManifest`, its pointers prefixed `manifest`), the provided
 * capabilities (each in the catalog, no duplicates, a capability marked
 * `host` only on that host), the providers (every provided capability with
 * native v1 tools has a provider object with a method for each of them),
 * and the stores, sink, consent UI, clock and id source (objects with their
 * methods, functions), the timeouts (`consentWaitMs` > 0, the others ≥ 0;
 * `Infinity` allowed) and the audit queue bound.
 */
export function checkCallPathOptions(options: CallPathOptions): CallPathOptionsCheck {
  const problems: string[] = [];
  let manifest: ManifestEntry[] = [];
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- a JavaScript caller can pass anything: the check stays
  if (typeof options !== 'object' || options === null) return { problems: ['options: not an object'], manifest };
  const { catalog, app } = options;
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- a JavaScript caller can pass anything: the check stays
  const catalogOk = typeof catalog === 'object' && catalog !== null && Array.isArray(catalog.capabilities) && Array.isArray(catalog.tools);
  if (!catalogOk) problems.push('catalog: not a catalog (load one with loadCatalog)');

  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- a JavaScript caller can pass anything: the check stays
  if (typeof app !== 'object' || app === null) {
    problems.push('app: not an object {id, screens, manifest}');
  } else {
    if (typeof app.id !== 'string' || app.id === '') problems.push('app.id: not a non-empty string');
    if (!Array.isArray(app.screens)) problems.push('app.screens: not an array');
    else
      (app.screens as unknown[]).forEach((screen, i) => {
        if (typeof screen !== 'string' || screen === '') problems.push(`app.screens/${i}: not a non-empty string`);
      });
    if (catalogOk) {
      const checked = validateManifest(catalog, app.manifest);
      if (checked.ok) manifest = checked.manifest;
      else problems.push(...checked.errors.map((error) => `manifest${error.startsWith('/:') ? error.slice(1) : error}`));
    }
  }

  if (options.host !== undefined && (typeof options.host !== 'string' || options.host === '')) problems.push('host: not a non-empty string');
  const validlyProvided = new Set<string>();
  if (!Array.isArray(options.provided)) {
    problems.push('provided: not an array of capability names');
  } else if (catalogOk) {
    const seen = new Set<string>();
    (options.provided as unknown[]).forEach((name, i) => {
      const capability = catalog.capabilities.find((c) => c.name === name);
      if (typeof name !== 'string') problems.push(`provided/${i}: not a string`);
      else if (capability === undefined) problems.push(`provided/${i}: no capability ${JSON.stringify(name)} in the catalog`);
      else if (seen.has(name)) problems.push(`provided/${i}: ${JSON.stringify(name)} listed twice`);
      else if (capability.host !== undefined && capability.host !== options.host) {
        problems.push(
          `provided/${i}: ${JSON.stringify(name)} is provided only by host ${JSON.stringify(capability.host)} (this host is ${options.host === undefined ? 'unnamed' : JSON.stringify(options.host)})`,
        );
      } else validlyProvided.add(name);
      if (typeof name === 'string') seen.add(name);
    });
  }

  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- a JavaScript caller can pass anything: the check stays
  if (typeof options.providers !== 'object' || options.providers === null) problems.push('providers: not an object');
  else if (catalogOk) checkProviders(problems, catalog, validlyProvided, options.providers);
  requireMethods(problems, 'blobs', options.blobs, ['get', 'put']);
  requireMethods(problems, 'grants', options.grants, ['get', 'set', 'delete']);
  requireMethods(problems, 'audit', options.audit, ['write']);
  for (const key of ['consent', 'clock', 'randomHex'] as const) {
    if (typeof options[key] !== 'function') problems.push(`${key}: not a function`);
  }
  for (const key of ['timeoutMs', 'auditTimeoutMs', 'blobTimeoutMs', 'grantTimeoutMs', 'consentTimeoutMs'] as const) {
    const value = options[key];
    if (value !== undefined && (typeof value !== 'number' || Number.isNaN(value) || value < 0)) problems.push(`${key}: not a number ≥ 0`);
  }
  const wait = options.consentWaitMs;
  if (wait !== undefined && (typeof wait !== 'number' || Number.isNaN(wait) || wait <= 0)) problems.push('consentWaitMs: not a number > 0 (ms) or Infinity');
  const max = options.maxPendingAudit;
  if (max !== undefined && (typeof max !== 'number' || !Number.isInteger(max) || max < 1)) problems.push('maxPendingAudit: not an integer ≥ 1');
  if (options.onAuditError !== undefined && typeof options.onAuditError !== 'function') problems.push('onAuditError: not a function');
  return { problems, manifest };
}

/** A provider object for every provided capability that has native v1 tools, and on it a method for each (as `resolveNative` finds them). */
function checkProviders(problems: string[], catalog: Catalog, names: ReadonlySet<string>, providers: object): void {
  const missing = new Set<string>();
  for (const def of catalog.tools) {
    if (def.runs !== 'native') continue;
    const at = def.name.indexOf('_');
    const capability = def.name.slice(0, at);
    const tool = def.name.slice(at + 1);
    if (at <= 0 || !names.has(capability) || missing.has(capability)) continue;
    if (resolveProvider(providers, capability) === undefined) {
      missing.add(capability);
      problems.push(`providers.${capability}: missing (${capability} is provided and has native tools)`);
    } else if (resolveNative(providers, capability, tool) === undefined) {
      problems.push(`providers.${capability}.${tool}: not a function (${capability} is provided)`);
    }
  }
}

/** The provider object of a capability, as `resolveNative` finds it; `undefined` when there is none. */
function resolveProvider(providers: object, capability: string): object | undefined {
  if (!(capability in providers)) return undefined;
  const value: unknown = (providers as Record<string, unknown>)[capability];
  if (value === (Object.prototype as Record<string, unknown>)[capability]) return undefined;
  return (typeof value === 'object' || typeof value === 'function') && value !== null ? value : undefined;
}

function requireMethods(problems: string[], where: string, value: unknown, methods: readonly string[]): void {
  if (typeof value !== 'object' || value === null) {
    problems.push(`${where}: not an object with ${methods.join(', ')}`);
    return;
  }
  for (const method of methods) {
    if (typeof (value as Record<string, unknown>)[method] !== 'function') problems.push(`${where}.${method}: not a function`);
  }
}
