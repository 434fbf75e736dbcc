// Reads the Stryker JSON reports in reports/mutation/ (written by npm run mutate)
// and prints each mutated file's score; exits 1 when any file scores below the
// floor (80 by default, or the first argument). Stryker's own `break`
// threshold applies to a whole run; the house rule is per module.
// Score = (killed + timed out) / (killed + timed out + survived + no coverage),
// as Stryker counts it; compile errors and ignored mutants do not count.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const floor = Number(process.argv[2] ?? 80);
const dir = 'reports/mutation';
let low = 0;
let files = 0;
for (const name of readdirSync(dir)
  .filter((n) => n.endsWith('.json'))
  .sort()) {
  const report = JSON.parse(readFileSync(join(dir, name), 'utf8'));
  for (const [file, { mutants }] of Object.entries(report.files)) {
    const count = (status) => mutants.filter((m) => m.status === status).length;
    const detected = count('Killed') + count('Timeout');
    const valid = detected + count('Survived') + count('NoCoverage');
    const score = valid === 0 ? 100 : (100 * detected) / valid;
    files++;
    if (score < floor) low++;
    console.log(
      `${score < floor ? 'LOW ' : 'ok  '} ${score.toFixed(2).padStart(6)}%  ${name.replace(/\.json$/, '')}: ${file} (${detected} of ${valid} detected, ${count('Survived')} survived, ${count('NoCoverage')} without coverage)`,
    );
  }
}
if (files === 0) {
  console.error(`mutation-scores: no reports in ${dir}: run npm run mutate first`);
  process.exit(1);
}
console.log(low === 0 ? `mutation scores: every one of ${files} modules at ${floor}% or more` : `mutation scores: ${low} of ${files} modules below ${floor}%`);
process.exit(low === 0 ? 0 : 1);
