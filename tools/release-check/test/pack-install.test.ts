/**
 * Packages that install alone, on this machine's Node: every published
 * workspace package is packed with `npm pack`, the tarballs are installed
 * with ONE `npm install` into a scratch project outside the workspace, and
 * the shared checks of `scratch-checks.ts` run there (native module, ESM and
 * `require()`, every command, `xcap serve` end to end with the MCP client,
 * `xcap-codegen`, the native conformance suite under vitest and node:test),
 * with the consumer type-check run by TypeScript 5.9 (our build's), 6 and 7.
 * Node 22 and 24 get the same checks in `npm run test:toolchains`. Needs a
 * build of every package (`npm test` builds first); the install compiles
 * better-sqlite3 (~2 minutes). Set XCAP_KEEP_SCRATCH=1 to keep the scratch
 * project.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { publishedPackages, repoRoot, rootPackage } from './workspace-packages.js';
import { installScratchProject, machineNode, packageTargets, packTarballs, rootPin, type PackedPackage } from './scratch-project.js';
import { describeScratchChecks, legDependencies, type ScratchLeg } from './scratch-checks.js';
import { samplePages, specName } from './page-samples.js';
import { checkPageSamples } from './page-samples-check.js';

const published = publishedPackages();
const scratch = mkdtempSync(join(tmpdir(), 'xcap-release-'));
const project = join(scratch, 'project');
let packed = new Map<string, PackedPackage>();
const timings: Record<string, number> = {};
const ourTypescript = (rootPackage() as { devDependencies?: Record<string, string> }).devDependencies?.['typescript'] ?? 'missing';

/** This machine's Node with the repository's vitest and Node types; the consumer type-checks with our build's TypeScript and with 6 and 7 (npm's `latest`, the native compiler). */
const leg: ScratchLeg = {
  title: `Node ${process.versions.node} (this machine)`,
  vitest: rootPin('vitest'),
  typesNode: rootPin('@types/node'),
  typescripts: [ourTypescript, '6.0.3', '7.0.2'],
};

/** The docs' samples (`page-samples.ts`) and the third-party packages their pages name that the leg does not install already (the root's versions). */
const pages = samplePages(repoRoot);
const legSpecs = legDependencies(leg, rootPin);
const pageSpecs = [...new Set(pages.flatMap((p) => [...(p.install?.dependencies ?? []), ...(p.install?.devDependencies ?? [])]))]
  .filter((name) => !name.startsWith('@xcap/') && !legSpecs.some((spec) => specName(spec) === name))
  .sort()
  .map(rootPin);

beforeAll(async () => {
  let started = performance.now();
  packed = await packTarballs(join(scratch, 'tarballs'));
  timings['npm pack (all)'] = performance.now() - started;
  started = performance.now();
  await installScratchProject(machineNode(), project, packed, [...legSpecs, ...pageSpecs]);
  timings['npm install (one, all tarballs)'] = performance.now() - started;
  leg.installed = { runtime: machineNode(), project };
}, 20 * 60_000);

afterAll(() => {
  console.log(`release-check timings (ms): ${JSON.stringify(Object.fromEntries(Object.entries(timings).map(([k, v]) => [k, Math.round(v)])))}`);
  if (process.env['XCAP_KEEP_SCRATCH'] === undefined) rmSync(scratch, { recursive: true, force: true });
  else console.log(`scratch project kept: ${project}`);
});

describe('tarballs hold only what they need', () => {
  it('the scratch project is outside the workspace', () => {
    expect(relative(repoRoot, project).startsWith('..')).toBe(true);
  });

  for (const p of published) {
    it(`${p.pkg.name}: package.json, README.md, LICENSE, dist with types, its bins; no sources, maps or build info`, () => {
      const files = packed.get(p.pkg.name)?.files ?? [];
      expect(files).toEqual(expect.arrayContaining(['package.json', 'README.md', 'LICENSE']));
      const allowedRoots = new Set(['package.json', 'README.md', 'LICENSE', 'dist', 'bin', 'native']);
      expect(files.filter((f) => !allowedRoots.has(f.split('/')[0]!))).toEqual([]);
      expect(files.filter((f) => f.endsWith('.map') || f.endsWith('.tsbuildinfo') || f.startsWith('src/') || /\.test(-d)?\.ts$/.test(f))).toEqual([]);
      const js = files.filter((f) => f.startsWith('dist/') && f.endsWith('.js'));
      expect(js.length).toBeGreaterThan(0);
      // The xcap command's bundle (host-node's dist/cli-bundle/, which bin/xcap.js runs) and the console page's script
      // (@xcap/console's dist/console-page/, which the browser runs) are no modules to import: they have no types.
      const untyped = ['dist/cli-bundle/', 'dist/console-page/'];
      expect(js.filter((f) => !untyped.some((dir) => f.startsWith(dir)) && !files.includes(f.replace(/\.js$/, '.d.ts')))).toEqual([]);
      expect(packageTargets(p).filter((t) => !files.includes(t))).toEqual([]);
      // The console page is built into @xcap/console alone (host-node finds it there through consolePageDir).
      const page = ['dist/console-page/index.html', 'dist/console-page/console.js', 'dist/console-page/console.css'];
      if (p.pkg.name === '@xcap/console') expect(page.filter((f) => !files.includes(f))).toEqual([]);
      else expect(files.filter((f) => f.startsWith('dist/console-page/'))).toEqual([]);
      const license = readFileSync(join(project, 'node_modules', p.pkg.name, 'LICENSE'), 'utf8');
      expect(license).toContain('Copyright (c) 2026 the xcap authors');
    });
  }
});

describeScratchChecks(leg);

describe("the docs' TypeScript samples type-check as they stand, with only what their page's npm install line names", () => {
  it(`${pages.flatMap((p) => p.samples).length} samples on ${pages.length} pages (page-samples.ts: which pages, the convention)`, () => {
    const started = performance.now();
    const errors = checkPageSamples(pages, project, join(scratch, 'samples'), repoRoot);
    timings['page samples type-check'] = performance.now() - started;
    expect(errors.map((e) => `${e.where}: ${e.message}`)).toEqual([]);
  }, 300_000);
});
