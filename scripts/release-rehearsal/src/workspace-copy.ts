import { mkdirSync, readdirSync, readFileSync, existsSync, symlinkSync } from 'node:fs';
import { join, relative } from 'node:path';
import { mustRun } from './run-command.js';

/** A workspace package of a checkout, as far as a release reads it. */
export interface ReleasePackage {
  /** Its folder relative to the checkout, e.g. `packages/catalog`. */
  readonly dir: string;
  readonly name: string;
  readonly version: string;
  readonly private: boolean;
  /** `dependencies` (what a registry install follows). */
  readonly dependencies: Readonly<Record<string, string>>;
}

/** Every workspace package of the checkout at `root` (the root's `<folder>/*` workspace globs), sorted by folder. */
export function readWorkspacePackages(root: string): ReleasePackage[] {
  const rootPkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { workspaces: string[] };
  const out: ReleasePackage[] = [];
  for (const pattern of rootPkg.workspaces) {
    if (!pattern.endsWith('/*')) throw new Error(`${join(root, 'package.json')}: workspace pattern ${pattern} is not of the form <folder>/*`);
    const parent = pattern.slice(0, -2);
    for (const entry of readdirSync(join(root, parent), { withFileTypes: true })) {
      const file = join(root, parent, entry.name, 'package.json');
      if (!entry.isDirectory() || !existsSync(file)) continue;
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name: string; version: string; private?: boolean; dependencies?: Record<string, string> };
      out.push({ dir: `${parent}/${entry.name}`, name: pkg.name, version: pkg.version, private: pkg.private === true, dependencies: pkg.dependencies ?? {} });
    }
  }
  return out.sort((a, b) => a.dir.localeCompare(b.dir));
}

/**
 * A throwaway copy of the repository at `dest`: a `git clone` of the
 * checkout's committed HEAD (what a release would publish), with a
 * `node_modules` of links instead of an `npm ci` (~100 s): every
 * third-party entry (also a package's own nested one, e.g. host-node's
 * commander) links to the checkout's installed one, and each
 * workspace package links to the copy's own folder, so the copy builds
 * and resolves its own packages. Returns the cloned commit.
 */
export async function copyWorkspace(repoRoot: string, dest: string): Promise<string> {
  await mustRun('git', ['clone', '--quiet', repoRoot, dest], repoRoot);
  const commit = (await mustRun('git', ['rev-parse', 'HEAD'], dest)).stdout.trim();
  const source = join(repoRoot, 'node_modules');
  const modules = join(dest, 'node_modules');
  mkdirSync(modules);
  const own = readWorkspacePackages(dest);
  const ownScopes = new Set(own.map((p) => p.name.split('/')[0]!).filter((s) => s.startsWith('@')));
  for (const entry of readdirSync(source)) {
    if (ownScopes.has(entry)) {
      mkdirSync(join(modules, entry));
      for (const name of readdirSync(join(source, entry))) {
        if (!own.some((p) => p.name === `${entry}/${name}`)) symlinkSync(join(source, entry, name), join(modules, entry, name));
      }
    } else {
      symlinkSync(join(source, entry), join(modules, entry));
    }
  }
  for (const p of own) {
    const nested = join(repoRoot, p.dir, 'node_modules');
    if (existsSync(nested)) {
      for (const entry of readdirSync(nested).filter((e) => !e.startsWith('.'))) {
        mkdirSync(join(dest, p.dir, 'node_modules'), { recursive: true });
        symlinkSync(join(nested, entry), join(dest, p.dir, 'node_modules', entry));
      }
    }
    const link = join(modules, p.name);
    mkdirSync(join(link, '..'), { recursive: true });
    symlinkSync(relative(join(link, '..'), join(dest, p.dir)), link);
  }
  return commit;
}
