import { describe, expect, it } from 'vitest';
import { MemoryTokenStore, mintedTokenPattern, TokenNameTakenError } from '../src/index.js';

// The store contract itself (add, taken names, verify, list, revoke, names) runs in @xcap/host-testing's
// store conformance suite (test/memory-token-store-conformance.test.ts); these are MemoryTokenStore's own parts.
describe('MemoryTokenStore', () => {
  it('mints an xcap_ token, or keeps the one it is given', async () => {
    const store = new MemoryTokenStore();
    const minted = await store.add('a');
    expect(minted).toMatch(mintedTokenPattern);
    expect(await store.add('b', 'b-secret')).toBe('b-secret');
    expect(await store.verify('b-secret')).toEqual({ name: 'b' });
    expect(await store.verify(minted)).toEqual({ name: 'a' });
    await expect(store.add('c', '')).rejects.toThrow(TypeError);
  });

  it('records created with its clock', async () => {
    const store = new MemoryTokenStore({ clock: () => new Date('2026-08-01T10:00:00+02:00') });
    await store.add('a');
    expect(await store.list()).toEqual([{ name: 'a', created: '2026-08-01T08:00:00.000Z' }]);
  });

  it('refuses the second of two concurrent adds of one name', async () => {
    const store = new MemoryTokenStore();
    const results = await Promise.allSettled([store.add('a', 'one'), store.add('a', 'two')]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected']);
    expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(TokenNameTakenError);
    expect(await store.verify('one')).toEqual({ name: 'a' });
    expect(await store.verify('two')).toBeNull();
  });

  it('answers null for a token that is not a string', async () => {
    const store = new MemoryTokenStore();
    await store.add('a', 'x');
    expect(await store.verify(undefined as never)).toBeNull();
  });
});
