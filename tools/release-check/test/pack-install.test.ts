/**
 * Packages that install alone: every published workspace package is packed
 * with `npm pack`, the tarballs are installed with ONE `npm install` into a
 * scratch project outside the workspace, and there every entry point is
 * imported (ESM and `require()`), a strict NodeNext program is type-checked,
 * `xcap-conformance` and every other command runs, and the native
 * conformance suite runs under vitest and node:test. Needs a build of every
 * package (`npm test` builds first); the install compiles better-sqlite3
 * (~2 minutes). Set XCAP_KEEP_SCRATCH=1 to keep the scratch project.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { entryPoints, publishedPackages, repoRoot, rootPackage, type WorkspacePackage } from './workspace-packages.js';
import { runCommand } from './run-command.js';

const published = publishedPackages();
const scratch = mkdtempSync(join(tmpdir(), 'xcap-release-'));
const tarballs = join(scratch, 'tarballs');
const project = join(scratch, 'project');
const packed = new Map<string, { filename: string; files: string[] }>();
const timings: Record<string, number> = {};
const fixture = JSON.parse(readFileSync(join(repoRoot, 'fixtures/capabilities.json'), 'utf8')) as Record<string, unknown>;
const caseCount = Object.entries(fixture)
  .filter(([key, value]) => key.endsWith('Cases') && Array.isArray(value))
  .reduce((n, [, value]) => n + (value as unknown[]).length, 0);
const modules = published.flatMap((p) => entryPoints(p).modules);
const jsonEntries = published.flatMap((p) => entryPoints(p).json);

/**
 * Problems in the published declarations that a consumer with
 * `skipLibCheck: false` sees today, each with its cause. The type-check
 * test fails on any other error, and on an entry here that no longer
 * happens (so the list only shrinks).
 */
const knownDeclarationIssues: readonly { readonly error: RegExp; readonly why: string }[] = [];

function exportTargets(p: WorkspacePackage): string[] {
  return Object.values(p.pkg.exports ?? {}).flatMap((target) => (typeof target === 'string' ? [target] : Object.values(target)));
}

beforeAll(async () => {
  for (const p of published) {
    const missing = exportTargets(p).filter((target) => !existsSync(join(repoRoot, p.dir, target)));
    if (missing.length > 0) throw new Error(`${p.pkg.name} is not built (${missing.join(', ')} missing): run \`npm run build\` first (npm test builds before it tests)`);
  }
  mkdirSync(tarballs);
  mkdirSync(project);
  let started = performance.now();
  for (const p of published) {
    const result = await runCommand('npm', ['pack', '--json', '--pack-destination', tarballs], join(repoRoot, p.dir));
    if (result.status !== 0) throw new Error(`npm pack ${p.dir} failed: ${result.stderr}`);
    const [info] = JSON.parse(result.stdout.slice(result.stdout.indexOf('['))) as { filename: string; files: { path: string }[] }[];
    packed.set(p.pkg.name, { filename: info!.filename, files: info!.files.map((f) => f.path).sort() });
  }
  timings['npm pack (all)'] = performance.now() - started;

  const dev = rootPackage() as { devDependencies?: Record<string, string>; allowScripts?: Record<string, boolean> };
  const pin = (name: string) => `${name}@${dev.devDependencies?.[name] ?? 'latest'}`;
  writeFileSync(
    join(project, 'package.json'),
    `${JSON.stringify({ name: 'xcap-scratch', version: '0.0.0', private: true, type: 'module', allowScripts: dev.allowScripts ?? {} }, null, 2)}\n`,
  );
  started = performance.now();
  const install = await runCommand(
    'npm',
    ['install', '--no-audit', '--no-fund', '--prefer-offline', ...[...packed.values()].map((t) => join(tarballs, t.filename)), pin('typescript'), pin('@types/node'), pin('vitest'), pin('vite')],
    project,
  );
  timings['npm install (one, all tarballs)'] = performance.now() - started;
  if (install.status !== 0) throw new Error(`npm install in ${project} failed:\n${install.stderr.slice(-4000)}`);
}, 20 * 60_000);

afterAll(() => {
  console.log(`release-check timings (ms): ${JSON.stringify(Object.fromEntries(Object.entries(timings).map(([k, v]) => [k, Math.round(v)])))}`);
  if (process.env['XCAP_KEEP_SCRATCH'] === undefined) rmSync(scratch, { recursive: true, force: true });
  else console.log(`scratch project kept: ${project}`);
});

function scratchFile(name: string, text: string): string {
  const file = join(project, name);
  writeFileSync(file, text);
  return file;
}

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
      expect(js.filter((f) => !files.includes(f.replace(/\.js$/, '.d.ts')))).toEqual([]);
      const targets = [...exportTargets(p), ...Object.values(p.pkg.bin ?? {})].map((t) => t.replace(/^\.\//, ''));
      expect(targets.filter((t) => !files.includes(t))).toEqual([]);
      const license = readFileSync(join(project, 'node_modules', p.pkg.name, 'LICENSE'), 'utf8');
      expect(license).toContain('Copyright (c) 2026 the xcap authors');
    });
  }
});

describe('every entry point loads in the scratch project', () => {
  it(`imports from plain Node ESM (${modules.length} modules, ${jsonEntries.length} JSON files)`, async () => {
    const script = scratchFile(
      'esm-check.mjs',
      [
        'const out = {};',
        ...modules.map((spec) => `out[${JSON.stringify(spec)}] = Object.keys(await import(${JSON.stringify(spec)})).length;`),
        ...jsonEntries.map((spec) => `out[${JSON.stringify(spec)}] = Object.keys((await import(${JSON.stringify(spec)}, { with: { type: 'json' } })).default).length;`),
        'process.stdout.write(JSON.stringify(out));',
      ].join('\n'),
    );
    const result = await runCommand(process.execPath, [script], project);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const counts = JSON.parse(result.stdout) as Record<string, number>;
    expect(Object.keys(counts).sort()).toEqual([...modules, ...jsonEntries].sort());
    expect(Object.entries(counts).filter(([, n]) => n === 0)).toEqual([]);
  });

  it('loads with require() (Node ≥ 20.19 loads ESM synchronously through the default condition)', async () => {
    const script = scratchFile(
      'cjs-check.cjs',
      ['const out = {};', ...modules.map((spec) => `out[${JSON.stringify(spec)}] = Object.keys(require(${JSON.stringify(spec)})).length;`), 'process.stdout.write(JSON.stringify(out));'].join('\n'),
    );
    const result = await runCommand(process.execPath, ['--no-warnings=ExperimentalWarning', script], project);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const counts = JSON.parse(result.stdout) as Record<string, number>;
    expect(Object.keys(counts).sort()).toEqual([...modules].sort());
    expect(Object.entries(counts).filter(([, n]) => n === 0)).toEqual([]);
  });

  it('type-checks a strict NodeNext program against every entry point with tsc (declarations checked too: no skipLibCheck)', async () => {
    scratchFile(
      'tsconfig.json',
      JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noUncheckedIndexedAccess: true, noEmit: true, types: ['node'], skipLibCheck: false }, files: ['check.ts'] }),
    );
    scratchFile(
      'check.ts',
      [
        ...modules.map((spec, i) => `import * as entry${i} from ${JSON.stringify(spec)};`),
        "import { catalog, createToolClient, type PhotosPickInput, type ToolName } from '@xcap/catalog';",
        "import { parseToolName } from '@xcap/broker';",
        "import { argsHash } from '@xcap/audit';",
        "import { validateArguments } from '@xcap/bridge';",
        "import { createFakeHost, sampleNatives } from '@xcap/host-testing';",
        '',
        `export const entries: readonly object[] = [${modules.map((_, i) => `entry${i}`).join(', ')}];`,
        "const input: PhotosPickInput = { limit: 2 };",
        "const name: ToolName = 'photos_pick';",
        "const parsed: { capability: string; tool: string } | null = parseToolName(catalog, 'ui', name);",
        "const hash: string = argsHash(input);",
        "const checked = validateArguments(catalog, name, input);",
        'const host = createFakeHost({ natives: sampleNatives() });',
        'const client = createToolClient(async ({ name, arguments: args }) => {',
        '  const answer = await host.ui(name, args);',
        "  if (answer.kind !== 'result') throw new Error(answer.error.message);",
        '  return answer.result;',
        '});',
        'export const picked: Promise<{ photos: readonly { id: string }[] }> = client.photos.pick({ limit: 1 });',
        'export const used = [parsed, hash, checked];',
        '// @ts-expect-error limit is a number',
        "export const wrong: PhotosPickInput = { limit: 'two' };",
      ].join('\n'),
    );
    const result = await runCommand(process.execPath, [join(project, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], project);
    const errors = `${result.stdout}${result.stderr}`.split('\n').filter((line) => /error TS\d+/.test(line));
    const unexplained = errors.filter((line) => !knownDeclarationIssues.some((known) => known.error.test(line)));
    expect(unexplained).toEqual([]);
    const stale = knownDeclarationIssues.filter((known) => !errors.some((line) => known.error.test(line)));
    expect(stale.map((known) => `fixed, remove from knownDeclarationIssues: ${known.why}`)).toEqual([]);
    expect(result.status === 0).toBe(errors.length === 0);
  });
});

describe('the commands run from the scratch project', () => {
  it(`xcap-conformance with no file replays the built-in catalog's ${caseCount} cases`, async () => {
    const result = await runCommand(join(project, 'node_modules/.bin/xcap-conformance'), [], project);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe(`${caseCount} passed, 0 failed\n`);
    expect(result.status).toBe(0);
  });

  it('xcap-conformance --version and --json', async () => {
    const version = await runCommand(join(project, 'node_modules/.bin/xcap-conformance'), ['--version'], project);
    expect(version.stdout).toBe(`${published.find((p) => p.pkg.name === '@xcap/host-testing')!.pkg.version}\n`);
    const json = await runCommand(join(project, 'node_modules/.bin/xcap-conformance'), ['--json', join(repoRoot, 'fixtures/capabilities.json')], project);
    expect(JSON.parse(json.stdout)).toMatchObject({ passed: caseCount, failed: 0 });
  });

  for (const p of published) {
    for (const bin of Object.keys(p.pkg.bin ?? {})) {
      it(`${bin} --help (from ${p.pkg.name}) prints its usage and exits 0`, async () => {
        const result = await runCommand(join(project, 'node_modules/.bin', bin), ['--help'], project);
        expect(result.status, result.stderr).toBe(0);
        expect(result.stdout).toMatch(/usage/i);
      });
    }
  }
});

describe('the native conformance suite runs in the scratch project', () => {
  const wiring = (entry: string) =>
    [
      `import { runNativeConformance } from '${entry}';`,
      "import { createFakeHost, sampleNatives } from '@xcap/host-testing';",
      '',
      "runNativeConformance({ host: 'ede', createProviders: () => createFakeHost({ host: 'ede', natives: sampleNatives() }).providers });",
    ].join('\n');
  let vitestTests = 0;

  it('under vitest (@xcap/host-testing/conformance)', async () => {
    scratchFile('native.test.mjs', wiring('@xcap/host-testing/conformance'));
    const result = await runCommand(process.execPath, [join(project, 'node_modules/vitest/vitest.mjs'), 'run', '--reporter=json', 'native.test.mjs'], project);
    expect(result.status, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout.slice(result.stdout.indexOf('{'))) as { numPassedTests: number; numFailedTests: number };
    expect(report.numFailedTests).toBe(0);
    expect(report.numPassedTests).toBeGreaterThan(10);
    vitestTests = report.numPassedTests;
  });

  it('under node:test (@xcap/host-testing/conformance/node-test), the same tests', async () => {
    scratchFile('native.node-test.mjs', wiring('@xcap/host-testing/conformance/node-test'));
    const result = await runCommand(process.execPath, ['--test', '--test-reporter=tap', 'native.node-test.mjs'], project);
    expect(result.status, result.stdout.slice(-2000)).toBe(0);
    expect(result.stdout).toMatch(/^# fail 0$/m);
    const pass = /^# pass (\d+)$/m.exec(result.stdout);
    expect(Number(pass?.[1])).toBe(vitestTests);
  });
});
