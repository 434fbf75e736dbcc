import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot, type BuildOutput } from './ensure-fresh-build.js';

const packages = join(repoRoot, 'packages');

/**
 * The source folders a package's tsc build and its built `@xcap/*` dependencies come from: its `src` and
 * `package.json`, the same of every workspace package it depends on (transitively), and the shared tsconfig.
 */
export function workspaceSources(name: string, seen = new Set<string>()): string[] {
  if (seen.has(name)) return [];
  seen.add(name);
  const folder = join(packages, name);
  const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  const uses = Object.keys(manifest.dependencies ?? {}).filter((dep) => dep.startsWith('@xcap/'));
  return [
    ...(seen.size === 1 ? [join(repoRoot, 'tsconfig.base.json')] : []),
    join(folder, 'src'),
    join(folder, 'package.json'),
    join(folder, 'tsconfig.build.json'),
    ...uses.flatMap((dep) => workspaceSources(dep.slice('@xcap/'.length), seen)),
  ];
}

/** A workspace package's tsc build (`packages/<name>/dist/index.js`), from its sources and its dependencies'. */
export function packageDist(name: string): BuildOutput {
  return { project: `@xcap/${name}`, output: join(packages, name, 'dist/index.js'), inputs: workspaceSources(name) };
}

/**
 * The `xcap` command's bundle (host-node's dist/cli-bundle/main.js, which bin/xcap.js runs): built by
 * scripts/bundle-cli.mjs from the built JS of every `@xcap/*` module it holds, which its meta.json lists.
 */
export const xcapBundle: BuildOutput = {
  project: '@xcap/host-node',
  output: join(packages, 'host-node/dist/cli-bundle/main.js'),
  inputs: [join(packages, 'host-node/scripts/bundle-cli.mjs'), join(packages, 'host-node/package.json')],
  bundle: { metafile: join(packages, 'host-node/dist/cli-bundle/meta.json'), workingDir: join(packages, 'host-node') },
};

/** A build output of `project`: `output` and `inputs` (folders or files) relative to packages/, e.g. a Vite page's script and its source folder. */
export function buildOutput(project: string, output: string, inputs: readonly string[]): BuildOutput {
  return { project, output: join(packages, output), inputs: inputs.map((input) => join(packages, input)) };
}

/** The console page: Vite's build of @xcap/console's page/ (index.html, src/, public/, vite.config.js) and the contract it imports into dist/console-page/. */
export const consolePage: BuildOutput = buildOutput('@xcap/console', 'console/dist/console-page/console.js', [
  'console/page',
  'console/src/console-contract.ts',
]);

/** `xcap-conformance` built (host-testing's dist/bin/xcap-conformance.js, which bin/xcap-conformance.js runs), with the fixture its build copies. */
export const conformanceCli: BuildOutput = {
  project: '@xcap/host-testing',
  output: join(packages, 'host-testing/dist/bin/xcap-conformance.js'),
  inputs: [...workspaceSources('host-testing'), join(repoRoot, 'fixtures/capabilities.json')],
};

/** Every published package's build (the release check packs them): each package's dist, the bundle and the page. */
function everyPackage(): BuildOutput[] {
  const names = readdirSync(packages, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  return [...names.map(packageDist), xcapBundle, consolePage];
}

/**
 * The build outputs each workspace package's tests run (by its folder): the global setup of vitest.shared.ts
 * (fresh-builds-setup.ts) builds the stale ones before the first test file starts, and the helpers that start them
 * (requireBuilt) check again.
 */
export function buildOutputsRunBy(folder: string): readonly BuildOutput[] {
  switch (folder) {
    case 'packages/host-node':
      return [xcapBundle, consolePage];
    case 'packages/console':
      return [consolePage];
    case 'packages/host-testing':
      return [conformanceCli];
    case 'tools/examples-check':
      return [xcapBundle, conformanceCli];
    case 'tools/demo':
      return [xcapBundle];
    case 'tools/release-check':
      return everyPackage();
    default:
      return [];
  }
}
