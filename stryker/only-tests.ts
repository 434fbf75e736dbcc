/**
 * The vitest configuration of one Stryker run: the shared one
 * (`vitest.shared.ts`) with its `include` replaced by the test files of the
 * mutated modules, so each mutant runs only the tests written for it
 * (`mergeConfig` would append to `include` instead).
 */
import { defineConfig, type UserConfig } from 'vitest/config';
import shared from '../vitest.shared.ts';

/** The shared vitest configuration running only `files` (relative to the package folder), each test failing after `testTimeoutMs` (a mutant that hangs a test fails it there, without Stryker restarting its worker). */
export function onlyTests(files: readonly string[], testTimeoutMs = shared.test?.testTimeout): UserConfig {
  return defineConfig({ ...shared, test: { ...shared.test, include: [...files], testTimeout: testTimeoutMs } });
}
