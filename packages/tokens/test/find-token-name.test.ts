import { describe, expect, it } from 'vitest';
import { findTokenName } from '../src/index.js';

const digest = (byte: number) => new Uint8Array(32).fill(byte);

describe('findTokenName', () => {
  it('answers the name whose digest matches, or null', () => {
    const entries = [
      ['a', digest(1)],
      ['b', digest(2)],
      ['c', digest(3)],
    ] as const;
    expect(findTokenName(digest(2), entries)).toBe('b');
    expect(findTokenName(digest(9), entries)).toBeNull();
    expect(findTokenName(digest(1), [])).toBeNull();
  });

  it('compares every entry, not stopping at the match', () => {
    const seen: string[] = [];
    function* entries(): Generator<readonly [string, Uint8Array]> {
      for (const [name, byte] of [
        ['a', 1],
        ['b', 2],
        ['c', 3],
      ] as const) {
        seen.push(name);
        yield [name, digest(byte)];
      }
    }
    expect(findTokenName(digest(1), entries())).toBe('a');
    expect(seen).toEqual(['a', 'b', 'c']);
  });
});
