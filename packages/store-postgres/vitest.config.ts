/**
 * The shared configuration plus a `globalSetup` that starts one private
 * PostgreSQL server for the whole run (test/support/global-setup.ts).
 */
import { defineConfig, mergeConfig } from 'vitest/config';
import shared from '../../vitest.shared.ts';

export default mergeConfig(
  shared,
  defineConfig({
    test: {
      globalSetup: ['./test/support/global-setup.ts'],
    },
  }),
);
