import { describe, expect, it } from 'vitest';
import { isObject } from '../src/index.js';

describe('isObject', () => {
  it('is true for a JSON object only: not null, an array or a primitive', () => {
    expect([{}, { a: 1 }, Object.create(null)].map(isObject)).toEqual([true, true, true]);
    expect([null, [], [1], 'x', 1, true, undefined].map(isObject)).toEqual([false, false, false, false, false, false, false]);
  });
});
