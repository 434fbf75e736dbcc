import { ConformanceFailure } from './conformance-failure.js';
import type { ConformanceTest } from './conformance-node.js';
import type { StoreConformanceOptions, StoresUnderTest } from './store-conformance-options.js';

/** Makes one test of a section of the store suite: fresh stores with this quota, closed afterwards; skipped when `options.skip` names its section or `<section>: <title>`. */
export type StoreTestFactory = (section: string, title: string, quotaBytes: number, body: (stores: StoresUnderTest) => Promise<void>) => ConformanceTest;

/**
 * The test factory of `storeConformanceSuite` and, made after every test,
 * the check that each skip named a section or a test of the suite.
 */
export function storeConformanceTests(options: StoreConformanceOptions): { readonly test: StoreTestFactory; readonly unusedSkips: () => ConformanceTest } {
  const skips = options.skip ?? [];
  const used = new Set<string>();
  const skipReason = (section: string, title: string): string | undefined => {
    for (const entry of skips) {
      for (const name of entry.tests) {
        if (name === section || name === `${section}: ${title}`) {
          used.add(name);
          return entry.reason;
        }
      }
    }
    return undefined;
  };
  const test: StoreTestFactory = (section, title, quotaBytes, body) => {
    const reason = skipReason(section, title);
    if (reason !== undefined) return { kind: 'test', title: `${title} — skipped: ${reason}`, skip: reason, timeoutMs: 30_000, run: async () => undefined };
    return {
      kind: 'test',
      title,
      skip: undefined,
      timeoutMs: 30_000,
      run: async () => {
        const stores = await options.open({ quotaBytes });
        try {
          await body(stores);
        } finally {
          await stores.close();
        }
      },
    };
  };
  const unusedSkips = (): ConformanceTest => ({
    kind: 'test',
    title: 'every skip names a section or a test of this suite',
    skip: undefined,
    timeoutMs: 30_000,
    run: async () => {
      const unused = skips.flatMap((entry) => entry.tests).filter((name) => !used.has(name));
      if (unused.length > 0) throw new ConformanceFailure(`these skips name no section or test of this suite: ${unused.join(', ')}`);
    },
  });
  return { test, unusedSkips };
}
