import { ConformanceFailure } from './conformance-failure.js';
import type { ConformanceTest } from './conformance-node.js';
import type { StoreConformanceOptions, StoresUnderTest } from './store-conformance-options.js';

/** The clock a store test's stores read (`now`, milliseconds since the epoch) and the test moves forward (`advance`). */
export interface StoreTestClock {
  /** The time now. */
  readonly now: () => number;
  /** Moves the clock forward by `ms`. */
  readonly advance: (ms: number) => void;
}

/** Makes one test of a section of the store suite: fresh stores with this quota and a clock of their own, closed afterwards; skipped when `options.skip` names its section or `<section>: <title>`. */
export type StoreTestFactory = (
  section: string,
  title: string,
  quotaBytes: number,
  body: (stores: StoresUnderTest, clock: StoreTestClock) => Promise<void>,
) => ConformanceTest;

/** Where every test's clock starts: a fixed time, so no test depends on the machine's clock. */
const clockStart = Date.parse('2026-11-01T10:00:00.000Z');

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
        let time = clockStart;
        const clock: StoreTestClock = { now: () => time, advance: (ms) => void (time += ms) };
        const stores = await options.open({ quotaBytes, now: clock.now });
        try {
          await body(stores, clock);
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
