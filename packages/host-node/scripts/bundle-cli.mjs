/**
 * Builds the `xcap` command as one rollup bundle of our own packages (run by
 * `npm run build` after tsc): dist/cli/main.js and the built dist JS of every
 * `@xcap/*` package it imports, in dist/cli-bundle/ (main.js, which
 * bin/xcap.js runs). Every third-party package stays external, loaded by Node
 * from node_modules as without the bundle; so every one the bundle imports
 * must be a dependency of this package: the build fails naming the others.
 * The dynamic imports (per-command bodies, the HTTP server, store-postgres, …)
 * stay separate files in chunks/, loaded when used, as does the code only they
 * share.
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
import { readFile, rm, writeFile } from 'node:fs/promises';
import { builtinModules, createRequire } from 'node:module';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';
import { rollup } from 'rollup';

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
 * packages/<name>/dist/); Node's built-ins and every other bare import are external.
 */
const resolveWorkspace = {
  name: 'xcap-resolve-workspace',
  resolveId(source, importer) {
    if (source.startsWith('.') || source.startsWith('/')) return null;
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

await rm(outdir, { recursive: true, force: true });
const warnings = [];
const bundle = await rollup({
  input: { main: `${packageRoot}dist/cli/main.js` },
  plugins: [resolveWorkspace, dropComments],
  // Our packages declare "sideEffects": false: a module none of whose exports is used is left out. Third-party ones are kept as imported.
  treeshake: { moduleSideEffects: (_id, external) => external },
  onwarn: (warning) => warnings.push(warning.message),
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
for (const chunk of chunks)
  for (const specifier of [...chunk.imports, ...chunk.dynamicImports]) {
    if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('chunks/') || specifier.startsWith('node:')) continue;
    if (chunks.some((other) => other.fileName === specifier) || builtins.has(packageOf(specifier))) continue;
    if (!declared.has(packageOf(specifier))) undeclared.add(packageOf(specifier));
  }
if (undeclared.size > 0) {
  process.stderr.write(`bundle-cli: the bundle imports packages that are not dependencies of ${manifest.name}: ${[...undeclared].sort().join(', ')}\n`);
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
