import { ConformanceFailure } from './conformance-failure.js';

/** The checks the store conformance sections share: each failure is a `ConformanceFailure` saying what differed. */
export const storeChecks = {
  /** Fails unless `actual` and `expected` have the same JSON. */
  same(this: void, actual: unknown, expected: unknown, what: string): void {
    if (JSON.stringify(actual) !== JSON.stringify(expected)) storeChecks.fail(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
  },
  /** Fails with `message`. */
  fail(this: void, message: string): never {
    throw new ConformanceFailure(message);
  },
  /** Fails unless `work` rejects with an error named `name` (or, given `kind`, an instance of it); answers the error. */
  async rejects(this: void, work: () => unknown, name: string, what: string, kind?: abstract new (...args: never[]) => unknown): Promise<unknown> {
    try {
      await work();
    } catch (error) {
      const matches = kind === undefined ? (error as { name?: unknown } | null | undefined)?.name === name : error instanceof kind;
      if (!matches) storeChecks.fail(`${what}: expected a ${name}, got ${String(error)}`);
      return error;
    }
    return storeChecks.fail(`${what}: expected a ${name}, but it succeeded`);
  },
};
