/**
 * The vitest configuration of `stryker/mcp.config.json`: the shared one,
 * restricted to the test files of the mutated modules (the stdio and HTTP
 * end-to-end tests also reach them, but would make every mutant cost seconds).
 */
import { defineConfig, mergeConfig } from 'vitest/config';
import shared from '../vitest.shared.ts';

export default mergeConfig(
  shared,
  defineConfig({
    test: {
      include: [
        'test/line-transport.test.ts',
        'test/batched-writer.test.ts',
        'test/in-flight-gate.test.ts',
        'test/refused-call-watch.test.ts',
        'test/http/fair-gate.test.ts',
      ],
    },
  }),
);
