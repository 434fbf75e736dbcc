import type { ReleasePackage } from './workspace-copy.js';

/**
 * Every dependency of a published package on another workspace package
 * whose range is not `^<that package's version>` — the range
 * `changeset version` writes (`updateInternalDependencies: "patch"`), so a
 * registry install of one version pulls exactly the versions released with it.
 */
export function internalRangeProblems(packages: readonly ReleasePackage[]): string[] {
  const versions = new Map(packages.map((p) => [p.name, p.version]));
  const problems: string[] = [];
  for (const p of packages.filter((q) => !q.private)) {
    for (const [name, range] of Object.entries(p.dependencies)) {
      const version = versions.get(name);
      if (version !== undefined && range !== `^${version}`)
        problems.push(`${p.name} depends on ${name} ${range}, not ^${version} (the version released with it)`);
    }
  }
  return problems;
}

/** The published packages that depend on `name`, directly or through another workspace package. */
export function dependentsOf(packages: readonly ReleasePackage[], name: string): string[] {
  const found = new Set<string>();
  let grew = true;
  while (grew) {
    grew = false;
    for (const p of packages.filter((q) => !q.private && !found.has(q.name))) {
      if (Object.keys(p.dependencies).some((d) => d === name || found.has(d))) {
        found.add(p.name);
        grew = true;
      }
    }
  }
  return [...found].sort();
}

/** The workspace packages a registry install of `name` pulls: itself and its workspace dependencies, transitively. */
export function workspaceClosure(packages: readonly ReleasePackage[], name: string): string[] {
  const byName = new Map(packages.map((p) => [p.name, p]));
  const seen = new Set<string>();
  const visit = (n: string): void => {
    const p = byName.get(n);
    if (p === undefined || seen.has(n)) return;
    seen.add(n);
    Object.keys(p.dependencies).forEach(visit);
  };
  visit(name);
  return [...seen].sort();
}

/** The text of a CHANGELOG.md's section for `version` (`## <version>` up to the next `## `), or undefined. */
export function changelogSection(changelog: string, version: string): string | undefined {
  const lines = changelog.split('\n');
  const start = lines.findIndex((line) => line.trim() === `## ${version}`);
  if (start < 0) return undefined;
  const end = lines.findIndex((line, i) => i > start && line.startsWith('## '));
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
}
