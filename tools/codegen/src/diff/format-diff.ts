/** The text and JSON forms of a diff, and the changeset it implies. */
import { createHash } from 'node:crypto';
import type { Bump, CatalogChange } from './catalog-change.js';

/** A diff as `--json` prints it. */
export interface DiffReport {
  /** The old catalog's file, as given. */
  readonly old: string;
  /** The new catalog's file, as given. */
  readonly new: string;
  /** Every change, in catalog order. */
  readonly changes: readonly CatalogChange[];
  /** The highest class among the changes, `none` without any. */
  readonly bump: Bump;
}

/** How a change reads in the text and the changeset: its reason, and for a major one whose code it breaks. */
function described(change: CatalogChange): string {
  return change.breaks === undefined ? change.reason : `${change.reason} [breaks ${change.breaks === 'both' ? 'callers and providers' : change.breaks}]`;
}

/**
 * One line per change (`<pointer>  <class>  <reason>`, a major one ending in
 * `[breaks callers]`, `[breaks providers]` or `[breaks callers and
 * providers]`), then `bump: <bump>` with the count of each class, and for a
 * major bump how many changes break callers and how many providers.
 */
export function formatDiff(report: DiffReport): string {
  const lines = report.changes.map((c) => `${c.pointer}  ${c.class}  ${described(c)}`);
  const count = (cls: string) => report.changes.filter((c) => c.class === cls).length;
  if (report.changes.length === 0) lines.push('no changes');
  lines.push(`bump: ${report.bump} (${count('major')} major, ${count('minor')} minor, ${count('patch')} patch)`);
  if (report.bump === 'major') {
    const breaking = (side: 'callers' | 'providers') => report.changes.filter((c) => c.breaks === side || c.breaks === 'both').length;
    lines.push(`breaks: ${breaking('callers')} for callers (apps, agents, manifests), ${breaking('providers')} for providers (every host's native provider)`);
  }
  return `${lines.join('\n')}\n`;
}

/** A changeset file: its file name (from a hash of its text, so the same diff names the same file) and text. */
export interface ChangesetFile {
  /** The file name, `catalog-<bump>-<hash>.md`. */
  readonly name: string;
  /** The changeset: front matter with the package's bump, then the changes as its changelog entry. */
  readonly text: string;
}

/**
 * The changeset for `packageName` with the report's bump and its changes as
 * the changelog entry. Throws for a report without changes (bump `none`):
 * there is nothing to release.
 */
export function changesetFile(report: DiffReport, packageName: string): ChangesetFile {
  if (report.bump === 'none') throw new Error('no changes: no changeset to write');
  const summary = report.changes.map((c) => `- ${c.class}: ${described(c)} (\`${c.pointer}\`)`);
  const text = `---\n${JSON.stringify(packageName)}: ${report.bump}\n---\n\nCatalog changes (classified by \`xcap-codegen diff\`):\n\n${summary.join('\n')}\n`;
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 10);
  return { name: `catalog-${report.bump}-${hash}.md`, text };
}
