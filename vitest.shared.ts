/**
 * The one vitest configuration every workspace package runs with
 * (`vitest run --config ../../vitest.shared.ts` from the package folder).
 * `@xcap/<name>` resolves to that package's sources, so tests never need a
 * stale build.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const packages = fileURLToPath(new URL('./packages/', import.meta.url));
const testSupport = fileURLToPath(new URL('./tools/test-support/src/index.ts', import.meta.url));

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@xcap\/catalog\/core$/, replacement: `${packages}catalog/src/core.ts` },
      { find: /^@xcap\/catalog\/runtime$/, replacement: `${packages}catalog/src/runtime.ts` },
      { find: /^@xcap\/mcp\/node$/, replacement: `${packages}mcp/src/node.ts` },
      { find: /^@xcap\/host-testing\/conformance$/, replacement: `${packages}host-testing/src/conformance.ts` },
      { find: /^@xcap\/test-support$/, replacement: testSupport },
      { find: /^@xcap\/([a-z-]+)$/, replacement: `${packages}$1/src/index.ts` },
    ],
  },
  test: {
    include: ['test/**/*.test.ts'],
    typecheck: { enabled: true, include: ['test/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
