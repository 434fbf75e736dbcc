/**
 * A report that changed since the last release must come with a pending
 * changeset naming its package with at least the bump the change asks for
 * (required-bump.ts): so the versions changesets prints can be trusted.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pendingChangesets } from './pending-changesets.js';
import { fileAt, filesAt, type ReleaseBase } from './release-base.js';
import { bumpOrder, requiredBump, type Bump } from './required-bump.js';

/** One package the check looked at: what its reports ask for and what the changesets give. */
export interface PackageVerdict {
  readonly packageName: string;
  readonly required: Bump;
  readonly found: Bump;
  /** Empty when the package passes; else one line saying what is missing. */
  readonly problem: string;
}

/** A package whose reports are checked: its name, version and folder. */
export interface CheckedPackage {
  readonly packageName: string;
  readonly version: string;
  readonly packageDir: string;
}

/** Compares each package's `etc/*.api.md` in the working tree with the base and its pending changesets in `<root>/.changeset`. */
export function checkChangesets(root: string, packages: readonly CheckedPackage[], base: ReleaseBase): PackageVerdict[] {
  const pending = pendingChangesets(join(root, '.changeset'));
  return packages.map(({ packageName, version, packageDir }) => {
    const etc = relative(root, join(packageDir, 'etc')).split('\\').join('/');
    const now = existsSync(join(root, etc))
      ? readdirSync(join(root, etc))
          .filter((f) => f.endsWith('.api.md'))
          .map((f) => `${etc}/${f}`)
      : [];
    const then = filesAt(root, base.commit, etc).filter((f) => f.endsWith('.api.md'));
    let required: Bump = 'none';
    const reasons: string[] = [];
    for (const path of [...new Set([...now, ...then])].sort()) {
      const after = now.includes(path) ? readFileSync(join(root, path), 'utf8') : '';
      const before = fileAt(root, base.commit, path);
      const r = requiredBump(before, after, version);
      if (r.change === 'none') continue;
      if (bumpOrder.indexOf(r.bump) > bumpOrder.indexOf(required)) required = r.bump;
      const lines = r.change === 'breaking' ? r.removed : r.added;
      const sample = lines.find((l) => l.startsWith('export')) ?? lines[0];
      const what =
        before === '' ? 'new' : after === '' ? 'removed' : r.change === 'breaking' ? `breaking (removed or changed: ${sample})` : `additive (added: ${sample})`;
      reasons.push(`${path} ${what}`);
    }
    const found = pending.get(packageName)?.bump ?? 'none';
    const ok = bumpOrder.indexOf(found) >= bumpOrder.indexOf(required);
    const zero = /^0\./.test(version) && reasons.some((r) => / (breaking|removed)/.test(r));
    const problem = ok
      ? ''
      : `${packageName}: ${reasons.join('; ')} since ${base.description} — needs a changeset naming "${packageName}" with at least ${required}${zero ? ` (${version} is below 1.0: a breaking change is a minor bump)` : ''}; the pending changesets give ${found === 'none' ? 'none' : `${found} (${pending.get(packageName)!.files.join(', ')})`}`;
    return { packageName, required, found, problem };
  });
}
