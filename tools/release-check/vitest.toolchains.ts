/**
 * vitest for `npm run test:toolchains` (toolchains/*.test.ts: the packed
 * packages on Node 22 and 24). Kept out of the release check's own `test`
 * run, which stays on this machine's Node.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['toolchains/**/*.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 30 * 60_000,
  },
});
