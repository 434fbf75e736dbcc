/** The semver class of one catalog change, as `xcap-codegen diff` rates it. */
export type ChangeClass = 'major' | 'minor' | 'patch';

/** The overall bump of a set of changes: the highest class, or `none` for no change. */
export type Bump = ChangeClass | 'none';

/**
 * Whose code a major change breaks: `callers` (apps and agents calling the
 * tools, and the manifests they declare), `providers` (every host's native
 * provider of the capability: its `HostProviders` method no longer matches or
 * is missing, a provider process is refused), or `both`.
 */
export type Breaks = 'callers' | 'providers' | 'both';

/** One change between two catalogs. */
export interface CatalogChange {
  /** The JSON pointer of the change: in the new catalog, or in the old one for a removal. */
  readonly pointer: string;
  /** Its semver class. */
  readonly class: ChangeClass;
  /** What changed and why it has that class, naming the tool, scope or capability. */
  readonly reason: string;
  /** Whose code it breaks: present exactly on a `major` change. */
  readonly breaks?: Breaks;
}

const rank: { readonly [c in Bump]: number } = { none: 0, patch: 1, minor: 2, major: 3 };

/** The highest class among `changes` (`none` when there are none). */
export function overallBump(changes: readonly CatalogChange[]): Bump {
  let bump: Bump = 'none';
  for (const change of changes) if (rank[change.class] > rank[bump]) bump = change.class;
  return bump;
}
