/** `npm run demo`: runs the xcap demo in a fresh workspace under `out/` (or under the folder given as argv[2]); prints the PDF's path last. Exit 0 on success, 1 otherwise. */
import { runDemo } from './run-demo.js';

try {
  await runDemo({ ...(process.argv[2] === undefined ? {} : { outDir: process.argv[2] }) });
} catch (error) {
  process.stderr.write(`xcap demo failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
