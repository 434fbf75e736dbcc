/**
 * The import graph of every package's sources: each `packages/<folder>/src/**` TypeScript file
 * (generated ones too) with the modules it imports — relative specifiers and `@xcap/<pkg>[/<entry>]`
 * resolved to source files, static, type-only and dynamic imports alike — read by TypeScript's own
 * `preProcessFile`, so comments and strings never count.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { sourceFiles } from './source-files.js';

/**
 * The direction of the packages: a package may depend only on packages of a lower rank (and only on
 * those its package.json names). catalog ← broker, audit, pdf ← bridge ← call ← mcp ← console ←
 * host-node; wire and tokens are leaves; the stores sit beside each other below call (they may use
 * the store interfaces of broker and bridge, audit, tokens, wire, catalog, never call, mcp or
 * host-node); store-copy joins the two stores; host-testing may use call and below; nothing is
 * above host-node, so nothing imports it. A package missing here fails the check, naming it.
 */
export const packageRanks: Readonly<Record<string, number>> = {
  wire: 0,
  tokens: 0,
  catalog: 0,
  broker: 1,
  audit: 1,
  pdf: 1,
  bridge: 2,
  'store-local': 3,
  'store-postgres': 3,
  'provider-protocol': 3,
  call: 4,
  'store-copy': 4,
  mcp: 5,
  'host-testing': 5,
  console: 6,
  'host-node': 7,
};

/** One package of the graph: its folder under `packages/`, its name and the `@xcap/*` packages its package.json depends on (dependencies and peerDependencies). */
export interface GraphPackage {
  readonly folder: string;
  readonly name: string;
  readonly dependsOn: readonly string[];
  readonly exports: Readonly<Record<string, unknown>>;
}

/** One import of one source file (paths relative to the root). */
export interface ImportEdge {
  readonly from: string;
  readonly to: string;
  readonly specifier: string;
}

/** The graph: source files, the edges between them, and the packages. */
export interface ImportGraph {
  readonly files: readonly string[];
  readonly edges: readonly ImportEdge[];
  readonly packages: readonly GraphPackage[];
  /** Imports that name a source that does not exist (`@xcap/<unknown>` or a missing relative file). */
  readonly unresolved: readonly ImportEdge[];
}

/** The package.json of every folder of `<root>/packages` that has one. */
export function graphPackages(root: string): GraphPackage[] {
  const dir = join(root, 'packages');
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(dir, entry.name, 'package.json')))
    .map((entry) => {
      const pkg = JSON.parse(readFileSync(join(dir, entry.name, 'package.json'), 'utf8')) as {
        name: string;
        dependencies?: Record<string, string>;
        peerDependencies?: Record<string, string>;
        exports?: Record<string, unknown>;
      };
      const dependsOn = Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies }).filter((name) => name.startsWith('@xcap/'));
      return { folder: entry.name, name: pkg.name, dependsOn, exports: pkg.exports ?? { '.': './dist/index.js' } };
    })
    .sort((a, b) => a.folder.localeCompare(b.folder));
}

/** The source file (relative to the root) an `exports` target such as `./dist/core.js` of package folder `folder` is built from, if it is a module. */
function sourceOfExport(folder: string, target: unknown): string | undefined {
  const path =
    typeof target === 'string'
      ? target
      : typeof target === 'object' && target !== null
        ? ((target as Record<string, unknown>)['import'] ?? (target as Record<string, unknown>)['default'])
        : undefined;
  if (typeof path !== 'string' || !/^\.\/dist\/.*\.js$/.test(path)) return undefined;
  return join('packages', folder, 'src', path.slice('./dist/'.length).replace(/\.js$/, '.ts'));
}

/** The source file (relative to the root) a relative specifier of `from` names, trying `.ts` for `.js`, then `.tsx`, then `/index.ts`. */
function resolveRelative(root: string, from: string, specifier: string): string | undefined {
  const base = join(dirname(from), specifier);
  const stem = base.replace(/\.(m?js|jsx)$/, '');
  for (const candidate of [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, join(base, 'index.ts')])
    if (/\.(ts|tsx|mts)$/.test(candidate) && existsSync(join(root, candidate))) return candidate;
  return undefined;
}

/** Reads the import graph of `<root>/packages/*\/src`. */
export function readImportGraph(root: string): ImportGraph {
  const packages = graphPackages(root);
  const byName = new Map(packages.map((p) => [p.name, p]));
  const files = packages.flatMap((p) => sourceFiles(join(root, 'packages', p.folder, 'src')).map((file) => relative(root, file))).sort();
  const edges: ImportEdge[] = [];
  const unresolved: ImportEdge[] = [];
  for (const from of files) {
    const info = ts.preProcessFile(readFileSync(join(root, from), 'utf8'), true, true);
    for (const { fileName: specifier } of info.importedFiles) {
      let to: string | undefined;
      if (specifier.startsWith('.')) {
        // An asset (`./page.css`, `./logo.svg?raw`, `./data.json`): not a module of the graph.
        if (/\.(?!(?:[mc]?[jt]sx?)(?:$|\?))[a-z0-9]+(?:\?.*)?$/i.test(specifier) || specifier.includes('?')) continue;
        to = resolveRelative(root, from, specifier);
      } else if (specifier.startsWith('@xcap/')) {
        const [, name, ...rest] = /^(@xcap\/[^/]+)(?:\/(.+))?$/.exec(specifier) ?? [];
        const target = name === undefined ? undefined : byName.get(name);
        if (target === undefined) {
          unresolved.push({ from, to: specifier, specifier });
          continue;
        }
        const key = rest[0] === undefined ? '.' : `./${rest[0]}`;
        if (!(key in target.exports)) {
          unresolved.push({ from, to: specifier, specifier });
          continue;
        }
        to = sourceOfExport(target.folder, target.exports[key]);
        if (to === undefined) continue; // a JSON entry point: data, not a module
      } else continue; // node: builtins and other npm packages are outside the graph
      if (to === undefined || !existsSync(join(root, to))) unresolved.push({ from, to: to ?? specifier, specifier });
      else edges.push({ from, to, specifier });
    }
  }
  return { files, edges, packages, unresolved };
}

/** Every import cycle of the graph, one per strongly connected component (a file importing itself too), each as the files around it, starting with the smallest path and ending where it began. */
export function importCycles(graph: Pick<ImportGraph, 'files' | 'edges'>): string[][] {
  const next = new Map<string, string[]>(graph.files.map((file) => [file, []]));
  for (const edge of graph.edges) next.get(edge.from)?.push(edge.to);
  // Tarjan's strongly connected components, iteratively.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let counter = 0;
  for (const start of graph.files) {
    if (index.has(start)) continue;
    const work: { node: string; i: number }[] = [{ node: start, i: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const targets = next.get(frame.node) ?? [];
      if (frame.i < targets.length) {
        const to = targets[frame.i++]!;
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, i: 0 });
        } else if (onStack.has(to)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1]!.node;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.node)!));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1 || (next.get(frame.node) ?? []).includes(frame.node)) components.push(component);
      }
    }
  }
  return components.map((component) => cycleThrough(component, next)).sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** One cycle inside a strongly connected component: from its smallest file, a shortest way back to it. */
function cycleThrough(component: readonly string[], next: ReadonlyMap<string, readonly string[]>): string[] {
  const members = new Set(component);
  const start = [...component].sort()[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const to of next.get(node) ?? []) {
      if (!members.has(to)) continue;
      if (to === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(previous.get(path[0]!)!);
        return [...path, start];
      }
      if (!previous.has(to)) {
        previous.set(to, node);
        queue.push(to);
      }
    }
  }
  return [start, start];
}

/** The folder name of `@xcap/<folder>` packages: the rank table's key. */
const shortName = (name: string) => name.replace(/^@xcap\//, '');

/**
 * What breaks the packages' direction, one line each: a package missing from `ranks`, a package.json
 * dependency on a package of the same or a higher rank, and a source import of another package that
 * its package.json does not name or that points against the ranks.
 */
export function directionProblems(graph: ImportGraph, ranks: Readonly<Record<string, number>> = packageRanks): string[] {
  const problems: string[] = [];
  const rankOf = (name: string) => ranks[shortName(name)];
  const packageOfFile = (file: string) => graph.packages.find((p) => file.startsWith(`packages/${p.folder}/`));
  for (const p of graph.packages) {
    if (rankOf(p.name) === undefined)
      problems.push(
        `${p.name} has no rank in packageRanks (tools/release-check/test/import-graph.ts): add '${shortName(p.name)}': <rank>, above every package it uses and below every package that uses it`,
      );
    for (const dep of p.dependsOn) {
      const [from, to] = [rankOf(p.name), rankOf(dep)];
      if (from !== undefined && to !== undefined && to >= from)
        problems.push(`${p.name} (rank ${from}) depends on ${dep} (rank ${to}) in its package.json: dependencies point to lower ranks only`);
    }
  }
  const seen = new Set<string>();
  for (const edge of graph.edges) {
    const [from, to] = [packageOfFile(edge.from), packageOfFile(edge.to)];
    if (from === undefined || to === undefined || from === to) continue;
    const key = `${from.name} ${to.name} ${edge.from}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (!from.dependsOn.includes(to.name))
      problems.push(`${edge.from} imports ${edge.specifier}, which ${from.name}'s package.json does not name in dependencies or peerDependencies`);
    const [fromRank, toRank] = [rankOf(from.name), rankOf(to.name)];
    if (fromRank !== undefined && toRank !== undefined && toRank >= fromRank)
      problems.push(
        `${edge.from} imports ${edge.specifier}: ${from.name} (rank ${fromRank}) may use only packages of a lower rank, not ${to.name} (rank ${toRank})`,
      );
  }
  return problems;
}
