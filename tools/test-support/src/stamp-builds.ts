/**
 * `tsx tools/test-support/src/stamp-builds.ts <epoch seconds>`, run by scripts/test.sh right after
 * `nx run-many -t build`: stamps every workspace package as built at that time (the build's start), so that
 * ensureFreshBuild trusts the outputs nx just built or replayed from its cache (a replay keeps the cached files' old
 * times) instead of running the build again while tests run.
 */
import { mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { buildStamp, repoRoot } from './ensure-fresh-build.js';

const seconds = Number(process.argv[2]);
if (!Number.isInteger(seconds) || seconds <= 0) {
  process.stderr.write('usage: stamp-builds.ts <epoch seconds at which the build started>\n');
  process.exit(2);
}
let stamped = 0;
for (const group of ['packages', 'tools'])
  for (const entry of readdirSync(join(repoRoot, group), { withFileTypes: true })) {
    const manifest = join(repoRoot, group, entry.name, 'package.json');
    if (!entry.isDirectory() || !existsSync(manifest)) continue;
    const { name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name: string };
    const stamp = buildStamp(name);
    mkdirSync(dirname(stamp), { recursive: true });
    writeFileSync(stamp, 'npx nx run-many -t build (scripts/test.sh)\n');
    utimesSync(stamp, seconds, seconds);
    stamped++;
  }
process.stdout.write(`stamp-builds: ${stamped} packages stamped as built at ${new Date(seconds * 1000).toISOString()}\n`);
