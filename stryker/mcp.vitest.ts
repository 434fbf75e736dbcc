/**
 * The vitest configuration of `stryker/mcp.config.json`: only the test files
 * of the mutated modules (the stdio and HTTP end-to-end tests reach them
 * too, but would make every mutant cost seconds); they run in milliseconds,
 * so a test that a mutant hangs fails after 2 s.
 */
import { onlyTests } from './only-tests.ts';

export default onlyTests(
  [
    'test/line-transport.test.ts',
    'test/batched-writer.test.ts',
    'test/in-flight-gate.test.ts',
    'test/refused-call-watch.test.ts',
    'test/http/fair-gate.test.ts',
  ],
  2_000,
);
