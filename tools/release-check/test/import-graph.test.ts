import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { tempDir } from '@xcap/test-support';
import { describe, expect, it } from 'vitest';
import { directionProblems, importCycles, packageRanks, readImportGraph } from './import-graph.js';
import { repoRoot } from './workspace-packages.js';

describe('the import graph of packages/*/src', () => {
  const graph = readImportGraph(repoRoot);

  it('reads every source file and resolves every relative and @xcap/* import', () => {
    expect(graph.files.length).toBeGreaterThan(300);
    expect(graph.edges.some((edge) => edge.specifier === '@xcap/catalog' && edge.to === 'packages/catalog/src/index.ts')).toBe(true);
    expect(graph.unresolved).toEqual([]);
  });

  it('has no module-level import cycle', () => {
    expect(importCycles(graph).map((cycle) => cycle.join(' → '))).toEqual([]);
  });

  it('has every package dependency and import point down the ranks, each named in package.json', () => {
    expect(directionProblems(graph)).toEqual([]);
  });
});

/** A repository of packages in a temporary folder: `files` maps a path to its text (a package.json object is written as JSON). */
function fixture(files: Record<string, string | object>): string {
  const root = tempDir();
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), typeof content === 'string' ? content : JSON.stringify(content));
  }
  return root;
}

const pkg = (name: string, dependencies: Record<string, string> = {}, exports?: object) => ({
  name: `@xcap/${name}`,
  dependencies,
  ...(exports ? { exports } : {}),
});

describe('importCycles', () => {
  it('names a cycle of relative imports, type-only and dynamic ones included, and not an import in a comment or of an asset', () => {
    const root = fixture({
      'packages/call/package.json': pkg('call'),
      'packages/call/src/a.ts': "import { b } from './b.js';\nexport const a = b;\n",
      'packages/call/src/b.ts': "import type { C } from './deep/c.js';\nexport const b = 1;\nexport type B = C;\n",
      'packages/call/src/deep/c.ts': "export type C = number;\nexport const load = () => import('../a.js');\n",
      'packages/call/src/d.ts': "// import { a } from './a.js';\n/** `import('./d.js')` */\nexport const d = 'import \"./d.js\"';\n",
      'packages/call/src/self.ts': "export * from './self.js';\n",
      'packages/call/src/assets.ts':
        "import './page.css';\nimport logo from './logo.svg?raw';\nimport data from './data.json';\nexport const all = [logo, data];\n",
    });
    const graph = readImportGraph(root);
    expect(graph.unresolved).toEqual([]);
    expect(importCycles(graph)).toEqual([
      ['packages/call/src/a.ts', 'packages/call/src/b.ts', 'packages/call/src/deep/c.ts', 'packages/call/src/a.ts'],
      ['packages/call/src/self.ts', 'packages/call/src/self.ts'],
    ]);
  });

  it('follows @xcap/<pkg> and @xcap/<pkg>/<entry> imports into the package sources', () => {
    const root = fixture({
      'packages/wire/package.json': pkg(
        'wire',
        { '@xcap/catalog': '^0.1.0' },
        { '.': { import: './dist/index.js' }, './lines': { import: './dist/lines.js' } },
      ),
      'packages/wire/src/index.ts': "export { x } from './x.js';\n",
      'packages/wire/src/x.ts': 'export const x = 1;\n',
      'packages/wire/src/lines.ts': "import { c } from '@xcap/catalog';\nexport const lines = c;\n",
      'packages/catalog/package.json': pkg('catalog', { '@xcap/wire': '^0.1.0' }),
      'packages/catalog/src/index.ts': "import { lines } from '@xcap/wire/lines';\nexport const c = 1;\nexport const l = () => lines;\n",
    });
    const graph = readImportGraph(root);
    expect(importCycles(graph)).toEqual([['packages/catalog/src/index.ts', 'packages/wire/src/lines.ts', 'packages/catalog/src/index.ts']]);
    expect(directionProblems(graph)).toContain(
      '@xcap/catalog (rank 0) depends on @xcap/wire (rank 0) in its package.json: dependencies point to lower ranks only',
    );
  });

  it('reports an import of a file that does not exist, and of an entry point a package does not export', () => {
    const root = fixture({
      'packages/wire/package.json': pkg('wire'),
      'packages/wire/src/index.ts': 'export const w = 1;\n',
      'packages/call/package.json': pkg('call', { '@xcap/wire': '^0.1.0' }),
      'packages/call/src/index.ts': "import './gone.js';\nimport '@xcap/wire/secret';\nimport '@xcap/nowhere';\n",
    });
    expect(readImportGraph(root).unresolved.map((edge) => edge.specifier)).toEqual(['./gone.js', '@xcap/wire/secret', '@xcap/nowhere']);
  });
});

describe('directionProblems', () => {
  it('refuses an import against the direction, even when package.json names it', () => {
    const root = fixture({
      'packages/mcp/package.json': pkg('mcp'),
      'packages/mcp/src/index.ts': 'export const m = 1;\n',
      'packages/store-local/package.json': pkg('store-local', { '@xcap/mcp': '^0.1.0' }),
      'packages/store-local/src/index.ts': "import { m } from '@xcap/mcp';\nexport const s = m;\n",
    });
    expect(directionProblems(readImportGraph(root))).toEqual([
      '@xcap/store-local (rank 3) depends on @xcap/mcp (rank 5) in its package.json: dependencies point to lower ranks only',
      'packages/store-local/src/index.ts imports @xcap/mcp: @xcap/store-local (rank 3) may use only packages of a lower rank, not @xcap/mcp (rank 5)',
    ]);
  });

  it('refuses an import of a package that package.json does not name (a devDependency does not count)', () => {
    const root = fixture({
      'packages/wire/package.json': pkg('wire'),
      'packages/wire/src/index.ts': 'export const w = 1;\n',
      'packages/call/package.json': { ...pkg('call'), devDependencies: { '@xcap/wire': '^0.1.0' } },
      'packages/call/src/index.ts': "export type { W } from '@xcap/wire';\n",
    });
    expect(directionProblems(readImportGraph(root))).toEqual([
      "packages/call/src/index.ts imports @xcap/wire, which @xcap/call's package.json does not name in dependencies or peerDependencies",
    ]);
  });

  it('refuses every import of host-node, and names a package missing from the rank table with the line to add', () => {
    const root = fixture({
      'packages/host-node/package.json': pkg('host-node'),
      'packages/host-node/src/index.ts': 'export const h = 1;\n',
      'packages/sidecar/package.json': pkg('sidecar', { '@xcap/host-node': '^0.1.0' }),
      'packages/sidecar/src/index.ts': "export { h } from '@xcap/host-node';\n",
      'packages/console/package.json': pkg('console', { '@xcap/host-node': '^0.1.0' }),
      'packages/console/src/index.ts': "export { h } from '@xcap/host-node';\n",
    });
    expect(directionProblems(readImportGraph(root))).toEqual([
      '@xcap/console (rank 6) depends on @xcap/host-node (rank 7) in its package.json: dependencies point to lower ranks only',
      "@xcap/sidecar has no rank in packageRanks (tools/release-check/test/import-graph.ts): add 'sidecar': <rank>, above every package it uses and below every package that uses it",
      'packages/console/src/index.ts imports @xcap/host-node: @xcap/console (rank 6) may use only packages of a lower rank, not @xcap/host-node (rank 7)',
    ]);
  });

  it('admits @xcap/console as it is being built: mcp, call, audit, broker, tokens, wire below it, host-node above', () => {
    const consoleUses = ['mcp', 'call', 'audit', 'broker', 'tokens', 'wire'];
    const files: Record<string, string | object> = {
      'packages/console/package.json': pkg('console', Object.fromEntries(consoleUses.map((name) => [`@xcap/${name}`, '^0.1.0']))),
      'packages/console/src/index.ts': consoleUses.map((name) => `export * from '@xcap/${name}';\n`).join(''),
      'packages/host-node/package.json': pkg('host-node', { '@xcap/console': '^0.1.0' }),
      'packages/host-node/src/index.ts': "export * from '@xcap/console';\n",
    };
    for (const name of consoleUses) {
      files[`packages/${name}/package.json`] = pkg(name);
      files[`packages/${name}/src/index.ts`] = 'export {};\n';
    }
    expect(directionProblems(readImportGraph(fixture(files)))).toEqual([]);
    expect(packageRanks['console']).toBeGreaterThan(packageRanks['mcp']!);
    expect(packageRanks['console']).toBeLessThan(packageRanks['host-node']!);
  });

  it('keeps the stores beside each other and below call; host-testing on call and below', () => {
    for (const store of ['store-local', 'store-postgres']) {
      for (const below of ['audit', 'tokens', 'wire', 'catalog', 'broker', 'bridge']) expect(packageRanks[below]).toBeLessThan(packageRanks[store]!);
      for (const above of ['call', 'mcp', 'console', 'host-node']) expect(packageRanks[above]).toBeGreaterThan(packageRanks[store]!);
    }
    expect(packageRanks['store-local']).toBe(packageRanks['store-postgres']);
    expect(packageRanks['call']).toBeLessThan(packageRanks['host-testing']!);
    expect(packageRanks['host-node']).toBe(Math.max(...Object.values(packageRanks)));
  });
});
