/**
 * The API reports there are to make: one per `exports` entry with types of
 * every published workspace package (not `"private": true`), written to the
 * package's `etc/` folder as API Extractor's docs recommend.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One report: the package, its entry point and where the report lives. */
export interface ReportEntry {
  /** The package's name, e.g. `@xcap/catalog`. */
  readonly packageName: string;
  /** The package's version, e.g. `0.1.0`. */
  readonly version: string;
  /** The package folder, absolute. */
  readonly packageDir: string;
  /** The `exports` key, e.g. `.` or `./core`. */
  readonly subpath: string;
  /** The entry point's declaration file, absolute. */
  readonly dts: string;
  /** The report's file name without `.api.md`: `catalog` for `.`, `catalog-core` for `./core`. */
  readonly reportName: string;
}

interface PackageJson {
  readonly name: string;
  readonly version: string;
  readonly private?: boolean;
  readonly exports?: Readonly<Record<string, string | Readonly<Record<string, string>>>>;
}

/** The report name of an entry point: the unscoped package name, then the subpath with `/` as `-`. */
export function reportName(packageName: string, subpath: string): string {
  const base = packageName.replace(/^@[^/]+\//, '');
  return subpath === '.' ? base : `${base}-${subpath.replace(/^\.\//, '').replace(/\//g, '-')}`;
}

/** The reports of one package folder (none for a private package or one without typed entry points). */
export function packageReports(packageDir: string): ReportEntry[] {
  const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as PackageJson;
  if (pkg.private === true) return [];
  return Object.entries(pkg.exports ?? {}).flatMap(([subpath, target]) => {
    const types = typeof target === 'string' ? (target.endsWith('.d.ts') ? target : undefined) : target['types'];
    if (types === undefined) return [];
    return [{ packageName: pkg.name, version: pkg.version, packageDir, subpath, dts: join(packageDir, types), reportName: reportName(pkg.name, subpath) }];
  });
}

/** Every report of the workspace whose root is `root` (its `workspaces` globs, `<folder>/*` only), sorted by package folder. */
export function workspaceReports(root: string): ReportEntry[] {
  const { workspaces } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { workspaces: string[] };
  const dirs: string[] = [];
  for (const pattern of workspaces) {
    if (!pattern.endsWith('/*')) throw new Error(`workspace pattern ${pattern} is not of the form <folder>/*: teach workspaceReports() to read it`);
    const parent = join(root, pattern.slice(0, -2));
    for (const entry of readdirSync(parent, { withFileTypes: true })) {
      if (entry.isDirectory() && existsSync(join(parent, entry.name, 'package.json'))) dirs.push(join(parent, entry.name));
    }
  }
  return dirs.sort().flatMap(packageReports);
}
