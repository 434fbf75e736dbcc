import { describe, expect, it } from 'vitest';
import { checkConsentClaim, consentNonceRule, MemoryConsentNonceStore } from '../src/index.js';
import { errorOf } from '@xcap/test-support';

// The contract itself is the `consent nonces` section of runStoreConformance (@xcap/host-testing), which runs on this
// store in packages/host-testing/test/memory-consent-nonce-store-conformance.test.ts; these are the memory store's own rules.
const nonce = (i: number) => `nonce-${String(i).padStart(16, '0')}`;

describe('MemoryConsentNonceStore', () => {
  it('keeps a claimed nonce until its expiry and forgets it at the next claim after (size)', async () => {
    let now = 1_000_000;
    const store = new MemoryConsentNonceStore({ now: () => now });
    expect(await store.claim(nonce(1), now + 100)).toBe(true);
    expect(await store.claim(nonce(2), now + 200)).toBe(true);
    expect(store.size).toBe(2);
    now += 100;
    expect(await store.claim(nonce(1), now + 100)).toBe(true);
    expect(store.size).toBe(2);
    now += 99;
    expect(await store.claim(nonce(3), now)).toBe(false);
    expect(store.size).toBe(2);
    now += 1;
    expect(await store.claim(nonce(3), now)).toBe(false);
    expect(store.size).toBe(0);
  });

  it('reads Date.now without a clock', async () => {
    const store = new MemoryConsentNonceStore();
    expect(await store.claim(nonce(1), Date.now() + 60_000)).toBe(true);
    expect(await store.claim(nonce(2), Date.now() - 1)).toBe(false);
  });

  it('bad input rejects with a TypeError naming the store and what was wrong', async () => {
    const store = new MemoryConsentNonceStore();
    await expect(store.claim('short', Date.now() + 1)).rejects.toThrow(
      new TypeError('MemoryConsentNonceStore.claim: nonce must be 16 to 128 of A-Z a-z 0-9 _ -, got "short"'),
    );
    await expect(store.claim(42 as never, Date.now() + 1)).rejects.toThrow(errorOf(TypeError, 'got number'));
    await expect(store.claim(nonce(1), Number.NaN)).rejects.toThrow(
      new TypeError('MemoryConsentNonceStore.claim: expiresAt must be a finite number of milliseconds since the epoch, got NaN'),
    );
    expect(store.size).toBe(0);
  });

  it('consentNonceRule takes 16 to 128 base64url characters; checkConsentClaim is what every store runs', () => {
    expect(['a'.repeat(16), 'A-_9'.repeat(32)].map((n) => consentNonceRule.test(n))).toEqual([true, true]);
    expect(['a'.repeat(15), 'a'.repeat(129), `${'a'.repeat(16)}=`].map((n) => consentNonceRule.test(n))).toEqual([false, false, false]);
    expect(() => checkConsentClaim('X', 'n'.repeat(200), 1)).toThrow(`X.claim: nonce must be 16 to 128 of A-Z a-z 0-9 _ -, got "${'n'.repeat(140)}"`);
    expect(() => checkConsentClaim('X', nonce(1), 1)).not.toThrow();
  });
});
