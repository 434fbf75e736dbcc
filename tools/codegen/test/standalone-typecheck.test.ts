/**
 * Standalone output type-checks under the repository's strict settings for
 * catalogs at the edges — the fixture, one with only engine tools (no
 * provider, no native type), one with no tools at all — with
 * `@xcap/catalog/runtime` mapped to the sources (the packed-tarball test
 * covers the published form).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { generate } from '../src/generate.js';
import { writeOutput } from '../src/write-output.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const fixture = JSON.parse(readFileSync(join(root, 'fixtures/capabilities.json'), 'utf8')) as { tools: { runs: string }[] };
const dir = mkdtempSync(join(tmpdir(), 'xcap-standalone-tsc-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const catalogs: [string, unknown][] = [
  ['fixture', fixture],
  ['engine-only', { ...fixture, tools: fixture.tools.filter((t) => t.runs === 'engine') }],
  ['no-tools', { ...fixture, tools: [] }],
];

describe('standalone output at the edges', () => {
  it('type-checks with strict settings and noUnused checks for every catalog', async () => {
    for (const [name, doc] of catalogs) {
      const gen = await generate(JSON.stringify(doc), `../${name}.json`, 'standalone');
      writeOutput(join(dir, name), gen);
      expect(gen.files.every((f) => !f.content.includes("from '../") || f.path.includes('/'))).toBe(true);
    }
    writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        extends: join(root, 'tsconfig.base.json'),
        compilerOptions: {
          noEmit: true,
          typeRoots: [join(root, 'node_modules/@types')],
          paths: { '@xcap/catalog/runtime': [join(root, 'packages/catalog/src/runtime.ts')] },
        },
        include: catalogs.map(([name]) => name),
      }),
    );
    const tsc = spawnSync(join(root, 'node_modules/.bin/tsc'), ['-p', join(dir, 'tsconfig.json')], { cwd: dir, encoding: 'utf8' });
    expect(tsc.stdout).toBe('');
    expect(tsc.status).toBe(0);
  }, 180_000);
});
