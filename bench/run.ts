/**
 * `npm run bench`: runs every `bench/*.bench.ts` (each exports `run()`),
 * prints one table, or the rows as JSON with `--json`, with the machine and
 * its load average before and after. Optional file-name
 * filters: `npm run bench -- pdf broker`.
 */
import { readdirSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BenchRow } from './harness.js';
import { printTable } from './harness.js';

const dir = fileURLToPath(new URL('.', import.meta.url));
const args = process.argv.slice(2);
const json = args.includes('--json');
const filters = args.filter((a) => !a.startsWith('--'));
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const machine = `${os.cpus()[0]?.model ?? 'unknown cpu'} × ${os.cpus().length}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}`;
// The machines are shared: the load average (1, 5, 15 min) before and after says how much else was running.
const loadBefore = load();
const results: { file: string; rows: BenchRow[] }[] = [];
for (const file of files) {
  const mod = (await import(pathToFileURL(`${dir}${file}`).href)) as { run?: () => Promise<BenchRow[]> };
  if (typeof mod.run !== 'function') throw new Error(`${file} exports no run()`);
  if (!json) console.log(`\n## ${file}`);
  const rows = await mod.run();
  results.push({ file, rows });
  if (!json) printTable(rows);
}
const loadAfter = load();
if (json) console.log(JSON.stringify({ machine, loadAverage: { before: loadBefore, after: loadAfter }, date: new Date().toISOString(), results }, null, 2));
else console.log(`\nmachine: ${machine}; load average before ${loadBefore}, after ${loadAfter}`);
