/**
 * The generator as a host team meets it: `@xcap/catalog` and `@xcap/codegen`
 * packed (`npm pack`) and installed into a scratch project outside the
 * workspace; `npx xcap-codegen --catalog catalog.json --out src/xcap`
 * generates from the fixture plus a new tool; the output imports only
 * `@xcap/catalog/runtime`, names no machine path, type-checks with `tsc`
 * (strict, NodeNext) and its validator and typed client run.
 * Needs the registry (or npm's cache) for typescript, @types/node and the
 * generator's own dependencies. Takes about a minute, most of it npm install.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { consumerCompilerOptions } from '@xcap/test-support';

// Spawns processes (compilers, npm, git, node): slow on a loaded machine, so 60 s a test instead of the shared 20 s.
vi.setConfig({ testTimeout: 60_000 });

const root = fileURLToPath(new URL('../../../', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** The fixture plus a new native tool `photos_favorite` (in the photos.read scope). */
function changedCatalog(): string {
  const doc = JSON.parse(readFileSync(join(root, 'fixtures/capabilities.json'), 'utf8'));
  doc.capabilities.find((c: { name: string }) => c.name === 'photos').scopes[0].tools.push('favorite');
  const result = { type: 'object', properties: { favorite: { type: 'boolean' } }, required: ['favorite'], additionalProperties: false };
  doc.tools.push({
    name: 'photos_favorite',
    runs: 'native',
    description: 'Mark a photo of the library as a favorite (or not).',
    inputSchema: {
      type: 'object',
      properties: { id: { type: 'string', minLength: 1, maxLength: 500 }, favorite: { type: 'boolean', default: true } },
      required: ['id'],
      additionalProperties: false,
    },
    nativeOutputSchema: result,
    outputSchema: result,
  });
  doc.tools.sort((a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : 1));
  return `${JSON.stringify(doc, null, 2)}\n`;
}

const program = `import { createToolClient, validators, ToolCallError } from './xcap/index.js';
import type { PhotosFavoriteInput, PhotosFavoriteNativeOutput, ToolInvocation } from './xcap/index.js';

const seen: ToolInvocation[] = [];
const client = createToolClient(async (call) => {
  seen.push(call);
  if (call.name === 'photos_get') return { content: [{ type: 'text', text: 'notFound' }], isError: true };
  const structuredContent = { favorite: call.arguments['favorite'] !== false };
  return { content: [{ type: 'text', text: JSON.stringify(structuredContent) }], structuredContent };
});

const input: PhotosFavoriteInput = { id: 'p1' };
const answer: PhotosFavoriteNativeOutput = await client.photos.favorite(input);
let refusal = '';
try {
  await client.photos.get({ id: 'nope' });
} catch (error) {
  refusal = error instanceof ToolCallError ? error.message : 'not a ToolCallError';
}
console.log(JSON.stringify({
  answer,
  seen: seen.map((c) => [c.name, c.qualifiedName, c.arguments]),
  refusal,
  valid: validators.photos_favorite({ id: 'p1' }),
  tooLong: validators.photos_favorite({ id: 'x'.repeat(501) }),
  unknownKey: validators.photos_favorite({ id: 'p1', color: 'red' }),
  pick: validators.photos_pick({ limit: 51 }),
}));
`;

/** What must not compile against the generated types. */
const misuse = `import { createToolClient } from './xcap/index.js';
const client = createToolClient(async () => ({ content: [{ type: 'text', text: '' }], isError: true }));
// @ts-expect-error id must be a string
void client.photos.favorite({ id: 1 });
// @ts-expect-error photos_favorite takes no color
void client.photos.favorite({ id: 'p1', color: 'red' });
// @ts-expect-error there is no tool photos.unfavorite
void client.photos.unfavorite({ id: 'p1' });
`;

describe('xcap-codegen from packed tarballs in a scratch project', () => {
  let scratch = '';
  let packs = '';
  const timings: string[] = [];
  const timed = <T>(what: string, run: () => T): T => {
    const started = performance.now();
    const result = run();
    timings.push(`${what} ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return result;
  };
  const run = (cmd: string, args: string[], cwd: string) => execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

  beforeAll(() => {
    packs = mkdtempSync(join(tmpdir(), 'xcap-packs-'));
    scratch = mkdtempSync(join(tmpdir(), 'xcap-scratch-'));
    timed('build', () => run(join(root, 'node_modules/.bin/tsc'), ['-b', 'packages/catalog/tsconfig.build.json', 'tools/codegen/tsconfig.build.json'], root));
    const tarballs = timed('pack', () =>
      ['packages/catalog', 'tools/codegen'].map((dir) => {
        const out = run(npm, ['pack', '--json', '--pack-destination', packs], join(root, dir));
        return join(packs, (JSON.parse(out) as { filename: string }[])[0]!.filename);
      }),
    );
    writeFileSync(join(scratch, 'package.json'), JSON.stringify({ name: 'host-team-app', private: true, type: 'module' }, null, 2));
    timed('npm install', () =>
      run(npm, ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', ...tarballs, 'typescript@5.9.3', '@types/node@20'], scratch),
    );
    writeFileSync(join(scratch, 'catalog.json'), changedCatalog());
    writeFileSync(
      join(scratch, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          ...consumerCompilerOptions,
          rootDir: 'src',
          outDir: 'dist',
        },
        include: ['src'],
      }),
    );
  }, 600_000);

  afterAll(() => {
    console.log(`standalone-install timings: ${timings.join(', ')}`);
    rmSync(scratch, { recursive: true, force: true });
    rmSync(packs, { recursive: true, force: true });
  });

  it('generates src/xcap with the installed bin, importing only @xcap/catalog/runtime, naming no machine path', () => {
    const gen = timed('generate', () =>
      spawnSync('npx', ['--no-install', 'xcap-codegen', '--catalog', 'catalog.json', '--out', 'src/xcap'], { cwd: scratch, encoding: 'utf8' }),
    );
    expect(gen.stderr).toBe('');
    expect(gen.status).toBe(0);
    expect(gen.stdout).toMatch(/standalone layout/);
    const files = readdirSync(join(scratch, 'src/xcap'), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name));
    expect(files.some((f) => f.endsWith('types/photos-favorite.ts'))).toBe(true);
    expect(files.some((f) => f.endsWith('native/Package.swift'))).toBe(true);
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const machinePath of [scratch, root, tmpdir()]) expect(text, file).not.toContain(machinePath);
      if (!file.endsWith('.ts')) continue;
      for (const [, specifier] of text.matchAll(/from '([^']+)'/g))
        expect(specifier === '@xcap/catalog/runtime' || specifier!.startsWith('./') || specifier!.startsWith('../'), `${file}: ${specifier}`).toBe(true);
    }
    const readme = readFileSync(join(scratch, 'src/xcap/README.md'), 'utf8');
    expect(readme.split('\n')[0]).toMatch(/^<!-- generated from \.\.\/\.\.\/catalog\.json by xcap-codegen \d+\.\d+\.\d+ — do not edit -->$/);
    expect(readme).toMatch(/SHA-256 `[0-9a-f]{64}`/);
  });

  it('type-checks on its own with tsc (strict, NodeNext), and misuse does not compile', () => {
    writeFileSync(join(scratch, 'src/main.ts'), program);
    writeFileSync(join(scratch, 'src/misuse.ts'), misuse);
    const tsc = timed('tsc', () => spawnSync(join(scratch, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.json'], { cwd: scratch, encoding: 'utf8' }));
    expect(tsc.stdout).toBe('');
    expect(tsc.status).toBe(0);
    writeFileSync(join(scratch, 'src/misuse.ts'), misuse.replace(/\/\/ @ts-expect-error.*\n/g, ''));
    const broken = spawnSync(join(scratch, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.json', '--noEmit'], { cwd: scratch, encoding: 'utf8' });
    expect(broken.status).not.toBe(0);
    expect(broken.stdout.match(/src\/misuse\.ts\(\d+,\d+\): error/g)).toHaveLength(3);
    rmSync(join(scratch, 'src/misuse.ts'));
  }, 120_000); // tsc over the generated folder and the installed packages: ~20 s on two busy cores

  it('runs the generated validator and typed client', () => {
    const out = JSON.parse(run('node', ['dist/main.js'], scratch));
    expect(out).toEqual({
      answer: { favorite: true },
      seen: [
        ['photos_favorite', 'photos__favorite', { id: 'p1' }],
        ['photos_get', 'photos__get', { id: 'nope' }],
      ],
      refusal: 'photos_get: notFound',
      valid: { arguments: { id: 'p1', favorite: true } },
      tooLong: { error: 'invalidParams: /id maxLength' },
      unknownKey: { error: 'invalidParams: /color additionalProperties' },
      pick: { error: 'invalidParams: /limit maximum' },
    });
  });

  it('checks its output fresh, and refuses a bad catalog naming the file and every problem', () => {
    const check = spawnSync('npx', ['--no-install', 'xcap-codegen', '--catalog', 'catalog.json', '--out', 'src/xcap', '--check'], {
      cwd: scratch,
      encoding: 'utf8',
    });
    expect(check.status).toBe(0);
    const doc = JSON.parse(readFileSync(join(scratch, 'catalog.json'), 'utf8'));
    const favorite = doc.tools.find((t: { name: string }) => t.name === 'photos_favorite');
    favorite.inputSchema.properties.id.pattern = '^p';
    favorite.descripton = favorite.description;
    delete favorite.description;
    mkdirSync(join(scratch, 'bad'), { recursive: true });
    writeFileSync(join(scratch, 'bad/catalog.json'), JSON.stringify(doc));
    const bad = spawnSync('npx', ['--no-install', 'xcap-codegen', '--catalog', 'bad/catalog.json', '--out', 'src/xcap'], { cwd: scratch, encoding: 'utf8' });
    expect(bad.status).toBe(2);
    const at = doc.tools.indexOf(favorite);
    expect(bad.stderr).toBe(
      [
        'xcap-codegen: bad/catalog.json: 2 problems',
        `  /tools/${at} (photos_favorite)/descripton: is not a known key (did you mean \`description\`?)`,
        `  /tools/${at} (photos_favorite)/inputSchema/properties/id/pattern: keyword "pattern" is not in the validator subset`,
        '',
      ].join('\n'),
    );
  });
});
