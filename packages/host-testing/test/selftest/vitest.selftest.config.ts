/** Runs only the conformance self-test files (`*.selftest.ts`), for `native-conformance-selftest.test.ts` to run in a child process. */
import { defineConfig } from 'vitest/config';
import shared from '../../../../vitest.shared.js';

export default defineConfig({
  ...shared,
  test: { ...shared.test, include: ['test/selftest/*.selftest.ts'], typecheck: { enabled: false } },
});
