/**
 * `api-report update|check` (npm run api:update / api:check at the
 * repository root): exit 0 when all is well, 1 naming every problem, 2 for
 * a bad argument or an error the run could not get past.
 */
import { fileURLToPath } from 'node:url';
import { runApiReport } from './run-api-report.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const mode = process.argv[2];
if (mode !== 'update' && mode !== 'check') {
  process.stderr.write('usage: api-report update|check\n');
  process.exit(2);
}
const started = performance.now();
try {
  const { problems } = runApiReport(root, mode, (line) => process.stdout.write(`${line}\n`));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (problems.length > 0) {
    process.stderr.write(
      `api-report ${mode}: ${problems.length} problem${problems.length === 1 ? '' : 's'}\n${problems.map((p) => `  ${p.replace(/\n/g, '\n    ')}`).join('\n')}\n`,
    );
    process.exit(1);
  }
  process.stdout.write(`api-report ${mode}: the API reports are ${mode === 'update' ? 'written' : 'fresh and covered by changesets'} (${seconds} s)\n`);
} catch (error) {
  process.stderr.write(`api-report ${mode}: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(2);
}
