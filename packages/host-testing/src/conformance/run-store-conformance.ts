import type { StoreConformanceOptions } from './store-conformance-options.js';
import { storeConformanceSuite } from './store-conformance-suite.js';
import { registerWithVitest } from './run-native-conformance.js';

/**
 * Registers the store contract (`storeConformanceSuite`) of a host's
 * grant store, blob store and audit sink with vitest. Call it at the top
 * level of a vitest test file.
 */
export function runStoreConformance(options: StoreConformanceOptions): void {
  registerWithVitest(storeConformanceSuite(options));
}
