/** `npm run demo`: runs the xcap demo; the PDF goes to `out/album.pdf` under the current directory, or to argv[2]. Exit 0 on success, 1 otherwise. */
import { runDemo } from './run-demo.js';

try {
  await runDemo({ ...(process.argv[2] === undefined ? {} : { outPath: process.argv[2] }) });
} catch (error) {
  process.stderr.write(`xcap demo failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
