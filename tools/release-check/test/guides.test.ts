/**
 * The guides cannot rot: every code block in docs/guides/*.md is a region of
 * a file under docs/guides/examples/ (byte for byte) or says why it is not
 * run, and every example is type-checked (strict NodeNext, against the built
 * packages as a user imports them) and run: scripts with tsx, the
 * conformance wiring under node:test and vitest, the shell walk-through with
 * bash. Needs a build (`npm test` builds first).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { guideBlocks, regionText, snippetFile } from './guide-snippets.js';
import { repoRoot } from './workspace-packages.js';
import { runCommand } from './run-command.js';
import { type PostgresServer, startPostgresServer } from '@xcap/test-support';

// Child processes or a database server: the shared 20 s is too short on a loaded 2-core machine.
vi.setConfig({ testTimeout: 60_000 });

const guidesDir = join(repoRoot, 'docs/guides');
const examplesDir = join(guidesDir, 'examples');
const guides = readdirSync(guidesDir)
  .filter((f) => f.endsWith('.md'))
  .sort();
const examples = readdirSync(examplesDir).sort();
const tsx = ['--import', 'tsx'];

// The several-hosts example needs a database: it runs with XCAP_STORE naming a private PostgreSQL server (scripts/ensure-postgres.sh installs it; no server is a failure, never a skip). The other examples run without it, as a user's shell would.
let postgres: PostgresServer | undefined;
beforeAll(async () => {
  postgres = await startPostgresServer();
}, 120_000);
afterAll(async () => {
  await postgres?.stop();
});
const exampleEnv = (script: string): Record<string, string> => (script !== 'several-hosts.ts' || postgres === undefined ? {} : { XCAP_STORE: postgres.url });

describe('the guides quote real, running code', () => {
  it('there are guides for host teams, app and agent authors, and catalog editors', () => {
    expect(guides).toEqual(expect.arrayContaining(['host-teams.md', 'app-and-agent-authors.md', 'catalog-editors.md']));
  });

  for (const guide of guides) {
    it(`${guide}: every code block is an example's region, byte for byte, or says why it is not run`, () => {
      const blocks = guideBlocks(readFileSync(join(guidesDir, guide), 'utf8'));
      expect(blocks.length).toBeGreaterThan(0);
      const problems: string[] = [];
      for (const block of blocks) {
        if (block.snippet !== undefined) {
          const expected = regionText(snippetFile(guidesDir, block.snippet.file), block.snippet.region);
          if (block.text !== expected) problems.push(`${guide}:${block.line}: differs from ${block.snippet.file}#${block.snippet.region ?? ''}:\n${expected}`);
        } else if (block.notRun === undefined)
          problems.push(`${guide}:${block.line}: a ${block.lang || 'plain'} block without <!-- snippet: … --> or <!-- not run: … -->`);
      }
      expect(problems).toEqual([]);
      // The page's npm install line (page-samples.ts) is not code the guide runs: it does not count against the quoted share.
      const installLines = blocks.filter((b) => b.notRun !== undefined && /^(npm (install|i) \S.*\n?)+$/.test(b.text)).length;
      const quoted = blocks.filter((b) => b.snippet !== undefined).length;
      expect(quoted).toBeGreaterThan((blocks.length - installLines) / 2);
    });
  }

  it('every example is quoted by a guide', () => {
    const named = new Set(
      guides.flatMap((g) =>
        guideBlocks(readFileSync(join(guidesDir, g), 'utf8')).flatMap((b) => (b.snippet === undefined ? [] : [b.snippet.file.replace(/^examples\//, '')])),
      ),
    );
    const runnable = examples.filter((f) => f.endsWith('.ts') || f.endsWith('.sh'));
    expect(runnable.filter((f) => !named.has(f))).toEqual([]);
  });

  it('the examples type-check (strict, NodeNext, against the built packages)', async () => {
    const result = await runCommand(process.execPath, [join(repoRoot, 'node_modules/typescript/bin/tsc'), '-p', join(examplesDir, 'tsconfig.json')], repoRoot);
    expect(result.stdout + result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  for (const script of examples.filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.node-test.ts'))) {
    it(`${script} runs`, async () => {
      const result = await runCommand(process.execPath, [...tsx, join(examplesDir, script)], repoRoot, exampleEnv(script));
      expect(result.status, result.stderr).toBe(0);
    });
  }

  for (const file of examples.filter((f) => f.endsWith('.node-test.ts'))) {
    it(`${file} passes under node --test`, async () => {
      const result = await runCommand(process.execPath, [...tsx, '--test', '--test-reporter=tap', join(examplesDir, file)], repoRoot);
      expect(result.status, result.stdout.slice(-3000)).toBe(0);
      expect(result.stdout).toMatch(/^# fail 0$/m);
      expect(Number(/^# pass (\d+)$/m.exec(result.stdout)?.[1])).toBeGreaterThan(0);
    });
  }

  for (const file of examples.filter((f) => f.endsWith('.test.ts'))) {
    it(`${file} passes under vitest`, async () => {
      const result = await runCommand(
        process.execPath,
        [join(repoRoot, 'node_modules/vitest/vitest.mjs'), 'run', '--root', examplesDir, '--reporter=json', file],
        repoRoot,
      );
      expect(result.status, result.stderr.slice(-3000)).toBe(0);
      const report = JSON.parse(result.stdout.slice(result.stdout.indexOf('{'))) as { numPassedTests: number; numFailedTests: number };
      expect(report.numFailedTests).toBe(0);
      expect(report.numPassedTests).toBeGreaterThan(0);
    });
  }

  for (const file of examples.filter((f) => f.endsWith('.sh'))) {
    it(`${file} runs with bash from the repository root`, async () => {
      const result = await runCommand('bash', [join(examplesDir, file)], repoRoot);
      expect(result.status, result.stderr.slice(-3000)).toBe(0);
    });
  }
});

describe('the snippet reader itself', () => {
  it('reads blocks with their markers and fails a block that differs', () => {
    const blocks = guideBlocks(
      [
        '<!-- snippet: examples/call-path.ts#wire -->',
        '',
        '```ts',
        'x',
        '```',
        '<!-- not run: needs a phone -->',
        '```sh',
        'adb install',
        '```',
        '```json',
        '{}',
        '```',
      ].join('\n'),
    );
    expect(blocks.map((b) => [b.line, b.lang, b.text, b.snippet?.region, b.notRun])).toEqual([
      [3, 'ts', 'x', 'wire', undefined],
      [7, 'sh', 'adb install', undefined, 'needs a phone'],
      [10, 'json', '{}', undefined, undefined],
    ]);
    expect(regionText(join(examplesDir, 'call-path.ts'), 'audit')).toMatch(/^\/\/ call-path.ts, continued: exactly one audit row per call/);
    expect(() => regionText(join(examplesDir, 'call-path.ts'), 'no-such-region')).toThrow(/no region no-such-region/);
  });
});
