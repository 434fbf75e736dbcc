/**
 * The checks every scratch project gets, whichever Node runs it: the
 * native module loads, every entry point imports and `require`s, every
 * command runs (`xcap serve` end to end with the official MCP client),
 * `xcap-codegen` generates, a strict NodeNext consumer type-checks with each
 * listed TypeScript (misuses still refused), and the native conformance
 * suite runs under vitest and node:test. Registered by `describeScratchChecks`
 * from `pack-install.test.ts` (this machine's Node) and
 * `toolchains/node-toolchains.test.ts` (Node 22 and 24).
 */
import { describe, it, expect } from 'vitest';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { entryPoints, publishedPackages, repoRoot } from './workspace-packages.js';
import { runNode, type NodeRuntime } from './scratch-project.js';
import { consumerCompilerOptions } from '@xcap/test-support';

/** One scratch project under test: what it installs besides the tarballs, and (after its `beforeAll`) where it is and which Node runs it. */
export interface ScratchLeg {
  /** Describe-block title, e.g. `Node 24`. */
  readonly title: string;
  /** The vitest to install, an exact npm spec (`vitest@5.1.2`). */
  readonly vitest: string;
  /** The Node types to install, an npm spec (`@types/node@^24`). */
  readonly typesNode: string;
  /** TypeScript versions the consumer type-checks with, each installed as the alias `typescript-<version>`. */
  readonly typescripts: readonly string[];
  /** Set by the test file's `beforeAll` once the project is installed. */
  installed?: { readonly runtime: NodeRuntime; readonly project: string };
}

/** The npm specs a leg installs next to the tarballs (the MCP client and server versions the root tests with). */
export function legDependencies(leg: ScratchLeg, rootPin: (name: string) => string): string[] {
  return [
    leg.vitest,
    rootPin('vite'),
    leg.typesNode,
    rootPin('@modelcontextprotocol/client'),
    rootPin('@modelcontextprotocol/server'),
    ...leg.typescripts.map((version) => `typescript-${version}@npm:typescript@${version}`),
  ];
}

const consumerSources = fileURLToPath(new URL('../consumer/', import.meta.url));
const published = publishedPackages();
const modules = published.flatMap((p) => entryPoints(p).modules);
const jsonEntries = published.flatMap((p) => entryPoints(p).json);
const fixture = JSON.parse(readFileSync(join(repoRoot, 'fixtures/capabilities.json'), 'utf8')) as Record<string, unknown>;
const caseCount = Object.entries(fixture)
  .filter(([key, value]) => key.endsWith('Cases') && Array.isArray(value))
  .reduce((n, [, value]) => n + (value as unknown[]).length, 0);
const version = (name: string) => published.find((p) => p.pkg.name === name)?.pkg.version;

/**
 * Problems in the published declarations that a consumer with
 * `skipLibCheck: false` sees today, each with its cause. The type-check
 * fails on any other error, and on an entry here that no longer happens
 * (so the list only shrinks).
 */
const knownDeclarationIssues: readonly { readonly error: RegExp; readonly why: string }[] = [];

/** The strict NodeNext program that imports every entry point and uses the main APIs as documented. */
function entryPointProgram(): string {
  return [
    ...modules.map((spec, i) => `import * as entry${i} from ${JSON.stringify(spec)};`),
    "import { catalog, createToolClient, type PhotosPickInput, type ToolName } from '@xcap/catalog';",
    "import { parseToolName } from '@xcap/broker';",
    "import { argsHash } from '@xcap/audit';",
    "import { validateArguments } from '@xcap/bridge';",
    "import { createFakeHost, sampleNatives } from '@xcap/host-testing';",
    '',
    `export const entries: readonly object[] = [${modules.map((_, i) => `entry${i}`).join(', ')}];`,
    'const input: PhotosPickInput = { limit: 2 };',
    "const name: ToolName = 'photos_pick';",
    "const parsed: { capability: string; tool: string } | null = parseToolName(catalog, 'ui', name);",
    'const hash: string = argsHash(input);',
    'const checked = validateArguments(catalog, name, input);',
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
    '',
  ].join('\n');
}

/**
 * Writes the consumer folder `<project>/consumer` once per project: the
 * entry-point program; every example of docs/guides/examples/ (the host
 * team's providers, call path, conformance wiring, MCP agent…); the typed
 * `createCallPath` misuses of packages/call/test/typed-providers.test-d.ts
 * importing `@xcap/call` as a user does; a folder generated by
 * `xcap-codegen --out` and a program using it. Each file with
 * `@ts-expect-error` also gets a `.bare.ts` copy without the directives,
 * where the compiler must report an error on exactly the lines they
 * covered. Returns the codegen run and those expected lines.
 */
async function writeConsumer(
  runtime: NodeRuntime,
  project: string,
): Promise<{ codegen: { status: number | null; stderr: string; files: string[] }; expected: string[] }> {
  const consumer = join(project, 'consumer');
  mkdirSync(join(consumer, 'examples'), { recursive: true });
  writeFileSync(
    join(consumer, 'tsconfig.json'),
    `${JSON.stringify(
      {
        compilerOptions: {
          ...consumerCompilerOptions,
          isolatedModules: true,
          noImplicitOverride: true,
          noEmit: true,
        },
        include: ['**/*.ts'],
      },
      null,
      2,
    )}\n`,
  );
  writeFileSync(join(consumer, 'entry-points.ts'), entryPointProgram());
  const examples = join(repoRoot, 'docs/guides/examples');
  for (const file of readdirSync(examples).filter((f) => f.endsWith('.ts'))) copyFileSync(join(examples, file), join(consumer, 'examples', file));
  const typedProviders = readFileSync(join(repoRoot, 'packages/call/test/typed-providers.test-d.ts'), 'utf8');
  if (!typedProviders.includes("from '../src/index.js'"))
    throw new Error("packages/call/test/typed-providers.test-d.ts no longer imports '../src/index.js': teach writeConsumer() how it imports @xcap/call");
  writeFileSync(join(consumer, 'call-path-types.ts'), typedProviders.replace("from '../src/index.js'", "from '@xcap/call'"));
  copyFileSync(join(consumerSources, 'generated-client.ts'), join(consumer, 'generated-client.ts'));
  const codegen = await runNode(
    runtime,
    [
      join(project, 'node_modules/@xcap/codegen/bin/xcap-codegen.js'),
      '--catalog',
      join(repoRoot, 'fixtures/capabilities.json'),
      '--out',
      join(consumer, 'xcap'),
    ],
    project,
  );
  const generated = existsSync(join(consumer, 'xcap')) ? readdirSync(join(consumer, 'xcap'), { recursive: true }).map(String).sort() : [];

  const expected: string[] = [];
  for (const file of readdirSync(consumer).filter((f) => f.endsWith('.ts'))) {
    const lines = readFileSync(join(consumer, file), 'utf8').split('\n');
    if (!lines.some((line) => line.trim().startsWith('// @ts-expect-error'))) continue;
    const bareName = file.replace(/\.ts$/, '.bare.ts');
    const bare: string[] = [];
    let covering = false;
    for (const line of lines) {
      if (line.trim().startsWith('// @ts-expect-error')) {
        covering = true;
        continue;
      }
      bare.push(line);
      if (covering) expected.push(`${bareName}:${bare.length}`);
      covering = false;
    }
    writeFileSync(join(consumer, bareName), bare.join('\n'));
  }
  return { codegen: { status: codegen.status, stderr: codegen.stderr, files: generated }, expected: expected.sort() };
}

/** Registers the shared checks for `leg` (its project must be installed by the caller's `beforeAll`). */
export function describeScratchChecks(leg: ScratchLeg): void {
  const ready = () => {
    if (leg.installed === undefined) throw new Error(`${leg.title}: the scratch project was not installed (see the beforeAll error above)`);
    return leg.installed;
  };
  const bin = (name: string) => join(ready().project, 'node_modules/.bin', name);
  const node = (args: readonly string[], timeoutMs?: number) => runNode(ready().runtime, args, ready().project, timeoutMs);
  let consumer: ReturnType<typeof writeConsumer> | undefined;
  const consumerOnce = () => (consumer ??= writeConsumer(ready().runtime, ready().project));

  describe(`${leg.title}: the packed packages in a scratch project`, () => {
    it('better-sqlite3 was compiled for this Node and opens a database', async () => {
      const result = await node([
        '--input-type=module',
        '-e',
        "import D from 'better-sqlite3'; const db = new D(':memory:'); process.stdout.write(JSON.stringify({ node: process.version, abi: process.versions.modules, sqlite: db.prepare('select sqlite_version() v').get().v }));",
      ]);
      expect(result.status, result.stderr).toBe(0);
      const info = JSON.parse(result.stdout) as { node: string; abi: string; sqlite: string };
      expect(info.node).toBe(`v${ready().runtime.version}`);
      expect(info.sqlite).toMatch(/^3\.\d+\.\d+$/);
    });

    it(`imports every entry point from plain Node ESM (${modules.length} modules, ${jsonEntries.length} JSON files)`, async () => {
      const script = join(ready().project, 'esm-check.mjs');
      writeFileSync(
        script,
        [
          'const out = {};',
          ...modules.map((spec) => `out[${JSON.stringify(spec)}] = Object.keys(await import(${JSON.stringify(spec)})).length;`),
          ...jsonEntries.map(
            (spec) => `out[${JSON.stringify(spec)}] = Object.keys((await import(${JSON.stringify(spec)}, { with: { type: 'json' } })).default).length;`,
          ),
          'process.stdout.write(JSON.stringify(out));',
        ].join('\n'),
      );
      const result = await node([script]);
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      const counts = JSON.parse(result.stdout) as Record<string, number>;
      expect(Object.keys(counts).sort()).toEqual([...modules, ...jsonEntries].sort());
      expect(Object.entries(counts).filter(([, n]) => n === 0)).toEqual([]);
    });

    it('loads every entry point with require() (Node ≥ 20.19 loads ESM synchronously through the default condition)', async () => {
      const script = join(ready().project, 'cjs-check.cjs');
      writeFileSync(
        script,
        [
          'const out = {};',
          ...modules.map((spec) => `out[${JSON.stringify(spec)}] = Object.keys(require(${JSON.stringify(spec)})).length;`),
          'process.stdout.write(JSON.stringify(out));',
        ].join('\n'),
      );
      const result = await node(['--no-warnings=ExperimentalWarning', script]);
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      const counts = JSON.parse(result.stdout) as Record<string, number>;
      expect(Object.keys(counts).sort()).toEqual([...modules].sort());
      expect(Object.entries(counts).filter(([, n]) => n === 0)).toEqual([]);
    });

    it("xcap --version prints @xcap/host-node's version; every command prints its usage with --help", async () => {
      const xcapVersion = await node([bin('xcap'), '--version']);
      expect(xcapVersion.stdout).toBe(`${version('@xcap/host-node')}\n`);
      for (const p of published) {
        for (const name of Object.keys(p.pkg.bin ?? {})) {
          const result = await node([bin(name), '--help']);
          expect(result.status, `${name} --help: ${result.stderr}`).toBe(0);
          expect(result.stdout, `${name} --help`).toMatch(/usage/i);
        }
      }
    });

    it(`xcap-conformance replays the built-in catalog's ${caseCount} cases; --version and --json`, async () => {
      const result = await node([bin('xcap-conformance')]);
      expect(result.stderr).toBe('');
      expect(result.stdout).toBe(`${caseCount} passed, 0 failed\n`);
      expect(result.status).toBe(0);
      const versionResult = await node([bin('xcap-conformance'), '--version']);
      expect(versionResult.stdout).toBe(`${version('@xcap/host-testing')}\n`);
      const json = await node([bin('xcap-conformance'), '--json', join(repoRoot, 'fixtures/capabilities.json')]);
      expect(JSON.parse(json.stdout)).toMatchObject({ passed: caseCount, failed: 0 });
    });

    it("xcap console serves the page built into @xcap/console's dist/console-page/ (found through the installed package, not host-node)", async () => {
      const script = join(ready().project, 'console-page.mjs');
      copyFileSync(join(consumerSources, 'console-page.mjs'), script);
      const result = await node([script], 60_000);
      expect(result.status, result.stderr).toBe(0);
      expect(JSON.parse(result.stdout)).toEqual({
        pageDir: join(ready().project, 'node_modules/@xcap/console/dist/console-page'),
        login: 200,
        shell: 200,
        builtShell: true,
        script: [200, 'text/javascript; charset=utf-8', true],
      });
    });

    it('xcap serve end to end with the official MCP client: tools/list, a refusal, a granted call, an unknown tool, one audit row each', async () => {
      const script = join(ready().project, 'serve-end-to-end.mjs');
      copyFileSync(join(consumerSources, 'serve-end-to-end.mjs'), script);
      const result = await node([script], 90_000);
      expect(result.status, result.stderr).toBe(0);
      expect(JSON.parse(result.stdout)).toEqual({
        era: 'modern',
        tools: ['photos__get', 'photos__list', 'photos__pick'],
        refused: { isError: true, content: [{ type: 'text', text: 'denied: consentNeeded' }] },
        granted: { isError: false, names: ['Forest walk.png', 'Lake at dawn.png', 'Sunset.png'] },
        unknown: -32602,
        audit: [
          ['photos__list', 'denied', 'consentNeeded'],
          ['photos__list', 'ok', null],
          ['photos__delete', 'denied', 'unknownTool'],
        ],
      });
    });

    it('xcap-codegen --out writes a standalone folder (TypeScript modules, validators, native types)', async () => {
      const { codegen } = await consumerOnce();
      expect(codegen.status, codegen.stderr).toBe(0);
      expect(codegen.files).toEqual(expect.arrayContaining(['index.ts', 'client.ts', 'README.md', 'validators/index.ts', join('native', 'Package.swift')]));
    });

    for (const ts of leg.typescripts) {
      it(`TypeScript ${ts}: a strict NodeNext consumer type-checks against the published .d.ts (no skipLibCheck): every entry point, the guides' examples, the generated folder, createCallPath's typed providers; every @ts-expect-error misuse still fails`, async () => {
        const { project } = ready();
        const { expected } = await consumerOnce();
        expect(expected.length).toBeGreaterThanOrEqual(8);
        const tsc = join(project, `node_modules/typescript-${ts}/bin/tsc`);
        const result = await node([tsc, '--version']);
        expect(result.stdout.trim()).toBe(`Version ${ts}`);
        const check = await node([tsc, '-p', join(project, 'consumer/tsconfig.json'), '--pretty', 'false'], 300_000);
        const errors = `${check.stdout}${check.stderr}`.split('\n').filter((line) => /error TS\d+/.test(line));
        const located = errors.map((line) => {
          const where = /^([^(]+)\((\d+),\d+\)/.exec(line);
          return { line, file: where?.[1] ?? '', row: where?.[2] ?? '' };
        });
        const inBare = located.filter((e) => e.file.endsWith('.bare.ts'));
        const elsewhere = located.filter((e) => !e.file.endsWith('.bare.ts')).map((e) => e.line);
        const unexplained = elsewhere.filter((line) => !knownDeclarationIssues.some((known) => known.error.test(line)));
        expect(unexplained).toEqual([]);
        const stale = knownDeclarationIssues.filter((known) => !elsewhere.some((line) => known.error.test(line)));
        expect(stale.map((known) => `fixed, remove from knownDeclarationIssues: ${known.why}`)).toEqual([]);
        const reported = [...new Set(inBare.map((e) => `${basename(e.file)}:${e.row}`))].sort();
        expect(reported, 'errors in the .bare.ts copies: exactly the lines the @ts-expect-error directives cover').toEqual(expected);
      }, 120_000); // tsc over every published .d.ts, the examples and the generated folder: ~20 s per TypeScript on two busy cores
    }

    const wiring = (entry: string) =>
      [
        `import { runNativeConformance } from '${entry}';`,
        "import { createFakeHost, sampleNatives } from '@xcap/host-testing';",
        '',
        "runNativeConformance({ host: 'ede', createProviders: () => createFakeHost({ host: 'ede', natives: sampleNatives() }).providers });",
      ].join('\n');
    let vitestTests = 0;

    it(`the native conformance suite runs under ${leg.vitest} (@xcap/host-testing/conformance)`, async () => {
      const { project } = ready();
      writeFileSync(join(project, 'native.test.mjs'), wiring('@xcap/host-testing/conformance'));
      const installed = (JSON.parse(readFileSync(join(project, 'node_modules/vitest/package.json'), 'utf8')) as { version: string }).version;
      expect(`vitest@${installed}`).toBe(leg.vitest);
      const reportFile = join(project, 'vitest-report.json');
      const result = await node(
        [join(project, 'node_modules/vitest/vitest.mjs'), 'run', '--reporter=json', `--outputFile=${reportFile}`, 'native.test.mjs'],
        180_000,
      );
      expect(result.status, result.stderr).toBe(0);
      const report = JSON.parse(readFileSync(reportFile, 'utf8')) as { numPassedTests: number; numFailedTests: number };
      expect(report.numFailedTests).toBe(0);
      expect(report.numPassedTests).toBeGreaterThan(10);
      vitestTests = report.numPassedTests;
    });

    it('the native conformance suite runs under node:test (@xcap/host-testing/conformance/node-test), the same tests', async () => {
      const { project } = ready();
      writeFileSync(join(project, 'native.node-test.mjs'), wiring('@xcap/host-testing/conformance/node-test'));
      const result = await node(['--test', '--test-reporter=tap', 'native.node-test.mjs'], 180_000);
      expect(result.status, result.stdout.slice(-2000)).toBe(0);
      expect(result.stdout).toMatch(/^# fail 0$/m);
      expect(Number(/^# pass (\d+)$/m.exec(result.stdout)?.[1])).toBe(vitestTests);
    });
  });
}
