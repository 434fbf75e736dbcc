/**
 * The README's package table (the package diagram, readable on GitHub and
 * in TypeDoc alike) stays true: one row per workspace package, each `uses`
 * cell naming exactly its `@xcap/*` dependencies, every one of them in a
 * row above it.
 */
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot, workspacePackages } from './workspace-packages.js';

interface Row {
  readonly name: string;
  readonly uses: readonly string[];
}

function packageRows(): Row[] {
  const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('\n## Packages\n'), readme.indexOf('\n## ', readme.indexOf('\n## Packages\n') + 1));
  return section
    .split('\n')
    .filter((line) => line.startsWith('| [`'))
    .map((line) => {
      const cells = line.split(' | ');
      const name = /\[`([^`]+)`\]/.exec(cells[0]!)![1]!;
      const uses = cells[1]!.trim() === '—' || cells[1]!.trim() === '' ? [] : cells[1]!.split(',').map((u) => u.trim());
      return { name, uses };
    });
}

describe("the README's package table", () => {
  const rows = packageRows();
  const internal = workspacePackages().filter((p) => p.pkg.private !== true || p.dir === 'tools/demo');
  const nameOf = (p: (typeof internal)[number]) => (p.pkg.private === true ? p.dir : p.pkg.name);

  it('has one row per published package (and the demo)', () => {
    expect(rows.map((r) => r.name).sort()).toEqual(internal.map(nameOf).sort());
  });

  it("names each package's @xcap/* dependencies in its uses column, each from a row above", () => {
    for (const p of internal.filter((q) => q.pkg.private !== true)) {
      const deps = Object.keys(p.pkg.dependencies ?? {})
        .filter((d) => d.startsWith('@xcap/'))
        .map((d) => d.slice('@xcap/'.length));
      const row = rows.find((r) => r.name === p.pkg.name);
      expect({ name: p.pkg.name, uses: [...(row?.uses ?? [])].sort() }).toEqual({ name: p.pkg.name, uses: deps.sort() });
      const above = new Set(rows.slice(0, rows.indexOf(row!)).map((r) => r.name.replace('@xcap/', '')));
      expect({ name: p.pkg.name, notAbove: deps.filter((d) => !above.has(d)) }).toEqual({ name: p.pkg.name, notAbove: [] });
    }
  });
});
