import type { Capability, Catalog, Scope } from '@xcap/catalog';
import { CliFailure } from './cli-failure.js';

/**
 * The catalog scope a grant is kept for: `scopeId` must name a scope of the
 * catalog whose consent is `ask` (a picker scope keeps nothing: the picker is
 * the consent) and that is not host-only. Anything else is a `CliFailure`
 * with one line saying why.
 */
export function askScope(catalog: Catalog, scopeId: string): { readonly capability: Capability; readonly scope: Scope } {
  for (const capability of catalog.capabilities) {
    const scope = capability.scopes.find((s) => s.id === scopeId);
    if (scope === undefined) continue;
    if (scope.hostOnly === true) throw new CliFailure(`${scopeId} is host-only: it is never granted to an app`);
    if (scope.consent !== 'ask') throw new CliFailure(`${scopeId} is a picker scope: the picker is the consent, no grant is kept for it`);
    return { capability, scope };
  }
  throw new CliFailure(`no scope ${JSON.stringify(scopeId)} in the catalog (scopes that keep a grant: ${grantableScopes(catalog).join(', ')})`);
}

function grantableScopes(catalog: Catalog): string[] {
  return catalog.capabilities.flatMap((c) => c.scopes.filter((s) => s.consent === 'ask' && s.hostOnly !== true).map((s) => s.id));
}
