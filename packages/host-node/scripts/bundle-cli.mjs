/**
 * Builds the `xcap` command as one rollup bundle of our own packages (run by
 * `npm run build` after tsc): dist/cli/main.js and the built dist JS of every
 * `@xcap/*` package it imports, in dist/cli-bundle/ (main.js, which
 * bin/xcap.js runs), with the MCP SDK's server and what it imports
 * (`inlinedPackages`, inlined-packages.mjs). Every other third-party package
 * stays external, loaded by Node from node_modules as without the bundle; so
 * every one the bundle imports must be a dependency of this package: the build
 * fails naming the others.
 * The dynamic imports (per-command bodies, the HTTP server, store-postgres, …)
 * stay separate files in chunks/, loaded when used, as does the code only they
 * share.
 *
 * Why the SDK is inlined: loaded from node_modules it is ~120 module files
 * (its own chunks, zod's modules, every zod locale), and Node resolves, reads,
 * links and runs each one: the bare SDK server bundled into one file answered
 * ~95 ms sooner than its own ~225 ms (docs/benchmarks.md, "The SDK in the
 * bundle"). rollup keeps what the SDK's and zod's own
 * `sideEffects` declarations require; the versions are the lockfile's at build
 * time, and their licences are written to dist/cli-bundle/THIRD-PARTY-NOTICES.md.
 * An external package must not import an inlined one (two copies would load):
 * the build fails naming it.
 *
 * Why rollup (not esbuild, which built it before): rollup leaves out a module
 * nothing uses (our packages declare `"sideEffects": false`) before it splits
 * the rest into chunks, so a package index that re-exports everything does not
 * drag its unused modules into the first chunks `xcap serve` loads; esbuild
 * assigned whole files to chunks by what imports them, index files included.
 * Each chunk then goes through esbuild's transform, which drops the comments
 * (the JSDoc of every module: bytes Node would read and parse at start-up).
 * bench/startup.bench.ts measures the difference (docs/benchmarks.md).
 *
 * dist/cli-bundle/meta.json (not published) names the modules each output
 * file holds (`modules`, for the start-up tests) and every module of the
 * graph (`inputs`, for the freshness check of the tests' build helper).
 */
import { readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { builtinModules, createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import { rollup } from 'rollup';
import { inlinedPackages, inlinedResolveOptions } from './inlined-packages.mjs';

const packageRoot = fileURLToPath(new URL('..', import.meta.url));
const outdir = fileURLToPath(new URL('../dist/cli-bundle', import.meta.url));
const manifest = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));
const builtins = new Set(builtinModules);

/** The package name of a bare import specifier (`@scope/name/sub` → `@scope/name`, `name/sub` → `name`). */
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** A module's id as meta.json names it: relative to this package's folder (`dist/cli/main.js`, `../call/dist/index.js`). */
const packagePath = (id) => relative(packageRoot, id).split('\\').join('/');

/**
 * rollup plugin: a workspace `@xcap/*` import resolves as Node resolves it from
 * the importing file (its package's `exports`, through the workspace link to
 * packages/<name>/dist/); an inlined package's (`inlinedPackages`) is left to node-resolve; Node's built-ins and every other bare import
 * are external.
 */
const resolveWorkspace = {
  name: 'xcap-resolve-workspace',
  resolveId(source, importer) {
    if (source.startsWith('.') || source.startsWith('/')) return null;
    if (inlinedPackages.has(packageOf(source))) return null;
    if (source.startsWith('node:') || builtins.has(packageOf(source)) || !source.startsWith('@xcap/')) return { id: source, external: true };
    return createRequire(importer ?? `${packageRoot}package.json`).resolve(source);
  },
};

/** rollup plugin: each chunk without its comments (esbuild's transform; the source map follows). */
const dropComments = {
  name: 'xcap-drop-comments',
  async renderChunk(code) {
    const result = await transform(code, { loader: 'js', format: 'esm', target: 'node20', sourcemap: true, legalComments: 'none' });
    return { code: result.code, map: result.map };
  },
};

/**
 * A warning about an inlined package's own code that changes nothing in the bundle: a `@__PURE__` comment rollup cannot
 * place (zod's), a cycle among its modules (zod's core ↔ util). Every other warning fails the build.
 */
const thirdPartyNoise = (warning) =>
  (warning.code === 'INVALID_ANNOTATION' && /\/node_modules\//.test(warning.id ?? '')) ||
  (warning.code === 'CIRCULAR_DEPENDENCY' && (warning.ids ?? []).every((id) => /\/node_modules\//.test(id)));

await rm(outdir, { recursive: true, force: true });
const warnings = [];
const bundle = await rollup({
  input: { main: `${packageRoot}dist/cli/main.js` },
  plugins: [resolveWorkspace, nodeResolve(inlinedResolveOptions), dropComments],
  // Our packages declare "sideEffects": false: a module none of whose exports is used is left out. An inlined package's
  // modules follow its package.json's "sideEffects" (node-resolve reads it; that takes precedence), and without one are
  // kept as imported, as external ones are.
  treeshake: { moduleSideEffects: (id, external) => external || id.includes('/node_modules/') },
  onwarn: (warning) => {
    if (!thirdPartyNoise(warning)) warnings.push(warning.message);
  },
});
const { output } = await bundle.write({
  dir: outdir,
  format: 'es',
  entryFileNames: '[name].js',
  chunkFileNames: 'chunks/[name]-[hash].js',
  sourcemap: true,
});
await bundle.close();
// A warning (an import a module does not export, a cycle, …) is a broken bundle: fail naming each.
if (warnings.length > 0) {
  process.stderr.write(`bundle-cli: rollup warned:\n${warnings.map((line) => `  ${line}`).join('\n')}\n`);
  process.exit(1);
}

const chunks = output.filter((file) => file.type === 'chunk');
const declared = new Set(Object.keys(manifest.dependencies ?? {}));
const undeclared = new Set();
/** The third-party packages the bundle imports (external). */
const externals = new Set();
for (const chunk of chunks)
  for (const specifier of [...chunk.imports, ...chunk.dynamicImports]) {
    if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('chunks/') || specifier.startsWith('node:')) continue;
    if (chunks.some((other) => other.fileName === specifier) || builtins.has(packageOf(specifier))) continue;
    externals.add(packageOf(specifier));
    if (!declared.has(packageOf(specifier))) undeclared.add(packageOf(specifier));
  }
if (undeclared.size > 0) {
  process.stderr.write(`bundle-cli: the bundle imports packages that are not dependencies of ${manifest.name}: ${[...undeclared].sort().join(', ')}\n`);
  process.exit(1);
}

/** The folder Node finds package `name` in from `dir`: the first node_modules/<name> above it. */
async function installedFolder(name, dir) {
  for (let at = dir; ; at = dirname(at)) {
    const folder = join(at, 'node_modules', name);
    if (
      await readFile(join(folder, 'package.json'), 'utf8').then(
        () => true,
        () => false,
      )
    )
      return folder;
    if (at === dirname(at)) return undefined;
  }
}

// An external package that imports an inlined one, directly or through its own dependencies, would load a second copy
// from node_modules beside the bundle's: fail naming the path to it.
const reaching = [];
const walked = new Set();
const walk = async (name, dir, path) => {
  const folder = await installedFolder(name, dir);
  if (folder === undefined || walked.has(folder)) return;
  walked.add(folder);
  const json = JSON.parse(await readFile(join(folder, 'package.json'), 'utf8'));
  for (const dependency of Object.keys({ ...json.dependencies, ...json.peerDependencies, ...json.optionalDependencies })) {
    if (inlinedPackages.has(dependency)) reaching.push([...path, dependency].join(' → '));
    else await walk(dependency, folder, [...path, dependency]);
  }
};
for (const name of [...externals].sort()) await walk(name, packageRoot, [name]);
if (reaching.length > 0) {
  process.stderr.write(`bundle-cli: external packages import packages the bundle inlines (two copies would load): ${reaching.join('; ')}\n`);
  process.exit(1);
}

/** Each output file (relative to dist/cli-bundle) → the modules whose code it holds (relative to this package's folder). */
const modules = {};
/** Every module of the graph, rendered or left out (a change to any may change the bundle). */
const inputs = {};
for (const chunk of chunks) {
  modules[chunk.fileName] = [];
  for (const [id, rendered] of Object.entries(chunk.modules)) {
    inputs[packagePath(id)] = {};
    if (rendered.renderedLength > 0) modules[chunk.fileName].push(packagePath(id));
  }
}
for (const id of bundle.watchFiles) if (id.startsWith('/') && id.endsWith('.js')) inputs[packagePath(id)] = {};

/**
 * The bundled modules allowed to use their own URL (`import.meta.url`, `__dirname`, …): in the bundle it is a chunk's,
 * in dist/cli-bundle/chunks/. Each finds files through `ownPackageJson` (or its own package's entry), never relative to itself.
 */
// store-local's sqlite-database.js requires better-sqlite3 relative to its own URL (createRequire): from the bundle's
// chunks/ that resolves through this package's node_modules, and better-sqlite3 is one of its dependencies.
const ownUrlUsers = new Set(['dist/mcp/host-node-version.js', '../console/dist/console-page-dir.js', '../store-local/dist/sqlite-database.js']);
const misplaced = [];
for (const input of new Set(Object.values(modules).flat()))
  if (!ownUrlUsers.has(input) && /import\.meta\.(url|dirname|filename)|\b__(dirname|filename)\b/.test(await readFile(`${packageRoot}${input}`, 'utf8')))
    misplaced.push(input);
if (misplaced.length > 0) {
  process.stderr.write(
    `bundle-cli: these modules find files relative to their own URL, which the bundle moves: ${misplaced.join(', ')}; ` +
      `find them through ownPackageJson(import.meta.url, name).folder instead (then list the module in ownUrlUsers)\n`,
  );
  process.exit(1);
}

await writeFile(new URL('../dist/cli-bundle/meta.json', import.meta.url), `${JSON.stringify({ modules, inputs }, null, 2)}\n`);

/** The folder of the package a module file belongs to: the nearest folder above it whose package.json has a name and a version. */
async function packageFolderOf(file) {
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    const json = await readFile(join(dir, 'package.json'), 'utf8').catch(() => undefined);
    if (json === undefined) continue;
    const { name, version } = JSON.parse(json);
    if (typeof name === 'string' && typeof version === 'string') return dir;
  }
  throw new Error(`bundle-cli: no package.json with a name and a version above ${file}`);
}

// The inlined packages' licences (Apache-2.0 and MIT ask for their text with every copy): each package with code in
// the bundle, its version, its licence and its licence file's text. A package without a licence file fails the build.
const thirdParty = new Set();
for (const input of new Set(Object.values(modules).flat()))
  if (input.includes('/node_modules/')) thirdParty.add(await packageFolderOf(join(packageRoot, input)));
const notices = [
  '# Third-party code in the `xcap` bundle',
  '',
  'The files of this folder hold code of these packages, from the npm registry, under their licences:',
  '',
];
for (const dir of [...thirdParty].sort()) {
  const { name, version, license } = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8'));
  const licenseFile = (await readdir(dir)).find((file) => /^(licen[cs]e|copying)(\.(md|txt))?$/i.test(file));
  if (licenseFile === undefined) {
    process.stderr.write(`bundle-cli: ${name}@${version} is in the bundle but has no licence file to ship with it\n`);
    process.exit(1);
  }
  notices.push(`## ${name} ${version} (${license})`, '', '```text', (await readFile(join(dir, licenseFile), 'utf8')).trimEnd(), '```', '');
}
await writeFile(new URL('../dist/cli-bundle/THIRD-PARTY-NOTICES.md', import.meta.url), notices.join('\n'));
