import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** A workspace package.json, as far as the release checks read it. */
export interface PackageJson {
  readonly name: string;
  readonly version: string;
  readonly private?: boolean;
  readonly description?: string;
  readonly license?: string;
  readonly repository?: { readonly type?: string; readonly url?: string; readonly directory?: string };
  readonly homepage?: string;
  readonly bugs?: { readonly url?: string } | string;
  readonly keywords?: readonly string[];
  readonly engines?: { readonly node?: string };
  readonly files?: readonly string[];
  readonly bin?: Readonly<Record<string, string>>;
  readonly exports?: Readonly<Record<string, string | Readonly<Record<string, string>>>>;
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly devDependencies?: Readonly<Record<string, string>>;
  readonly peerDependencies?: Readonly<Record<string, string>>;
}

/** One workspace package: its folder (relative to the root, e.g. `packages/catalog`) and its package.json. */
export interface WorkspacePackage {
  readonly dir: string;
  readonly pkg: PackageJson;
}

/** The root package.json. */
export function rootPackage(): PackageJson & { readonly workspaces: readonly string[] } {
  return JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as PackageJson & { workspaces: string[] };
}

/** Every workspace package (the root's `workspaces` globs, `<folder>/*` only), sorted by folder. */
export function workspacePackages(): WorkspacePackage[] {
  const out: WorkspacePackage[] = [];
  for (const pattern of rootPackage().workspaces) {
    if (!pattern.endsWith('/*')) throw new Error(`workspace pattern ${pattern} is not of the form <folder>/*: teach workspacePackages() to read it`);
    const parent = pattern.slice(0, -2);
    for (const entry of readdirSync(join(repoRoot, parent), { withFileTypes: true })) {
      const file = join(repoRoot, parent, entry.name, 'package.json');
      if (!entry.isDirectory() || !existsSync(file)) continue;
      out.push({ dir: `${parent}/${entry.name}`, pkg: JSON.parse(readFileSync(file, 'utf8')) as PackageJson });
    }
  }
  return out.sort((a, b) => a.dir.localeCompare(b.dir));
}

/** The packages npm would publish: every workspace package that is not private. */
export function publishedPackages(): WorkspacePackage[] {
  return workspacePackages().filter((p) => p.pkg.private !== true);
}

/** The import specifiers of a package's entry points (`exports` keys except `./package.json`), e.g. `@xcap/host-testing/conformance`; JSON files separately. */
export function entryPoints(p: WorkspacePackage): { readonly modules: string[]; readonly json: string[] } {
  const keys = Object.keys(p.pkg.exports ?? { '.': '' }).filter((key) => key !== './package.json');
  const spec = (key: string) => (key === '.' ? p.pkg.name : `${p.pkg.name}/${key.slice(2)}`);
  return { modules: keys.filter((k) => !k.endsWith('.json')).map(spec), json: keys.filter((k) => k.endsWith('.json')).map(spec) };
}
