/**
 * Builds the `xcap` command as one esbuild bundle of our own packages (run by
 * `npm run build` after tsc): dist/cli/main.js and the built dist JS of every
 * `@xcap/*` package it imports, in dist/cli-bundle/ (main.js, which
 * bin/xcap.js runs). Every third-party package stays external, loaded by Node
 * from node_modules as without the bundle; so every one the bundle imports
 * must be a dependency of this package: the build fails naming the others.
 * The dynamic imports (per-command bodies, the HTTP server, store-postgres, …)
 * stay separate files in chunks/, loaded when used, as does the code only they
 * share (esbuild's code splitting). dist/cli-bundle/meta.json (not published)
 * names the modules each output file holds, for the start-up tests.
 */
import { rm, readFile, writeFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const packageRoot = fileURLToPath(new URL('..', import.meta.url));
const outdir = fileURLToPath(new URL('../dist/cli-bundle', import.meta.url));
const manifest = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));

/** The package name of a bare import specifier (`@scope/name/sub` → `@scope/name`, `name/sub` → `name`). */
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** esbuild plugin: a bare import of anything but a workspace `@xcap/*` package is external. */
const thirdPartyExternal = {
  name: 'third-party-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@xcap/') ? undefined : { path: args.path, external: true }));
  },
};

await rm(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: packageRoot,
  // The built JS of our packages, not the sources that tsconfig.json's paths (for type-checking the tests) point at.
  tsconfig: 'tsconfig.build.json',
  entryPoints: { main: 'dist/cli/main.js' },
  outdir,
  entryNames: '[name]',
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  metafile: true,
  plugins: [thirdPartyExternal],
  logLevel: 'warning',
});

const builtins = new Set(builtinModules);
const declared = new Set(Object.keys(manifest.dependencies ?? {}));
const undeclared = new Set();
for (const output of Object.values(result.metafile.outputs))
  for (const { path, external } of output.imports) {
    if (!external || path.startsWith('node:') || builtins.has(packageOf(path))) continue;
    if (!declared.has(packageOf(path))) undeclared.add(packageOf(path));
  }
if (undeclared.size > 0) {
  process.stderr.write(`bundle-cli: the bundle imports packages that are not dependencies of ${manifest.name}: ${[...undeclared].sort().join(', ')}\n`);
  process.exit(1);
}

/**
 * The bundled modules allowed to use their own URL (`import.meta.url`, `__dirname`, …): in the bundle it is a chunk's,
 * in dist/cli-bundle/chunks/. Each finds files through `ownPackageJson` (or its own package's entry), never relative to itself.
 */
// store-local's sqlite-database.js requires better-sqlite3 relative to its own URL (createRequire): from the bundle's
// chunks/ that resolves through this package's node_modules, and better-sqlite3 is one of its dependencies.
const ownUrlUsers = new Set(['dist/mcp/host-node-version.js', '../console/dist/console-page-dir.js', '../store-local/dist/sqlite-database.js']);
const misplaced = [];
for (const input of Object.keys(result.metafile.inputs))
  if (
    !ownUrlUsers.has(input) &&
    /import\.meta\.(url|dirname|filename)|\b__(dirname|filename)\b/.test(await readFile(new URL(input, `file://${packageRoot}`), 'utf8'))
  )
    misplaced.push(input);
if (misplaced.length > 0) {
  process.stderr.write(
    `bundle-cli: these modules find files relative to their own URL, which the bundle moves: ${misplaced.join(', ')}; ` +
      `find them through ownPackageJson(import.meta.url, name).folder instead (then list the module in ownUrlUsers)\n`,
  );
  process.exit(1);
}

/** Each output file (relative to dist/cli-bundle) → the modules it holds (relative to this package's folder). */
const modules = {};
for (const [file, output] of Object.entries(result.metafile.outputs)) {
  if (file.endsWith('.map')) continue;
  modules[file.slice(`dist/cli-bundle/`.length)] = Object.keys(output.inputs);
}
await writeFile(new URL('../dist/cli-bundle/meta.json', import.meta.url), `${JSON.stringify({ modules }, null, 2)}\n`);
