/** An error class, as `errorOf` takes it (abstract ones too). */
export type ErrorClass = abstract new (...args: never[]) => Error;

/** A vitest asymmetric matcher (what `expect.any` makes) that `errorOf` returns. */
export interface ErrorOf {
  /** Marks the object as an asymmetric matcher for vitest's equality and printing. */
  readonly $$typeof: symbol;
  /** True for an instance of the class whose message contains the string or matches the pattern. */
  asymmetricMatch(actual: unknown): boolean;
  /** How a failure prints the expectation, e.g. `FileLockError with a message containing "lost the lock"`. */
  toAsymmetricMatcher(): string;
  /** The same text. */
  toString(): string;
}

/**
 * Matches an error of class `type` (a subclass too) whose message contains
 * `message` (a string) or matches it anywhere (a RegExp, its `g` and `y`
 * flags dropped): for
 * `await expect(p).rejects.toThrow(errorOf(FileLockError, 'lost the lock'))`.
 * A string or RegExp alone is not enough there: vitest hands those to chai,
 * which skips the message check when the rejection reason is falsy, so
 * `rejects.toThrow('text')` passes for a promise rejected with `undefined`
 * or `null` (and `expect(() => { throw undefined }).toThrow('text')` too).
 */
export function errorOf(type: ErrorClass, message: string | RegExp): ErrorOf {
  const text = `${type.name} with a message ${typeof message === 'string' ? `containing ${JSON.stringify(message)}` : `matching ${String(message)}`}`;
  return {
    $$typeof: Symbol.for('jest.asymmetricMatcher'),
    asymmetricMatch: (actual) =>
      actual instanceof type &&
      (typeof message === 'string' ? actual.message.includes(message) : new RegExp(message.source, message.flags.replace(/[gy]/g, '')).test(actual.message)),
    toAsymmetricMatcher: () => text,
    toString: () => text,
  };
}
