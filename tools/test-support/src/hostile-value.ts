import fc from 'fast-check';

/** Options of `hostileValue`. */
export interface HostileValueOptions {
  /** Strings of any UTF-16 code units, lone surrogates included (fast-check's `stringUnit: 'binary'`); default well-formed ones. */
  readonly loneSurrogates?: boolean;
}

/**
 * Any JavaScript value an attacker could hand an entry point — fast-check's
 * `anything` with every kind switched on: bigints, dates, maps, sets, boxed
 * primitives, null-prototype objects, sparse and typed arrays. The property
 * tests of the canonical JSON and of the call path's arguments share it.
 */
export function hostileValue(options: HostileValueOptions = {}): fc.Arbitrary<unknown> {
  return fc.anything({
    withBigInt: true,
    withDate: true,
    withMap: true,
    withSet: true,
    withBoxedValues: true,
    withNullPrototype: true,
    withSparseArray: true,
    withTypedArray: true,
    ...(options.loneSurrogates === true ? { stringUnit: 'binary' as const } : {}),
  });
}
