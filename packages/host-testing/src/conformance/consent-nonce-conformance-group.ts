import type { ConsentNonceStore } from '@xcap/broker';
import type { ConformanceGroup } from './conformance-node.js';
import { storeChecks } from './store-conformance-checks.js';
import type { StoresUnderTest } from './store-conformance-options.js';
import type { StoreTestFactory } from './store-conformance-tests.js';

const { same, fail, rejects } = storeChecks;

/** A nonce of the shape `createConsentState` (`@xcap/mcp`) draws: 22 base64url characters, told apart by `i`. */
const nonce = (i: number) => `nonce-${String(i).padStart(16, '0')}`;

/**
 * The `consent nonces` section of the store suite: the rules of
 * `ConsentNonceStore` (`@xcap/broker`) — a nonce is claimed once, whichever
 * instance on the storage claims it; of concurrent claims exactly one wins;
 * an expired state is refused and never stored; a claimed nonce is kept
 * until its expiry and then pruned; bad input is a `TypeError`.
 */
export function consentNonceConformanceGroup(test: StoreTestFactory): ConformanceGroup {
  const big = 2 ** 30;
  return {
    kind: 'group',
    title: 'consent nonces',
    children: [
      test('consent nonces', 'a nonce is claimed once: true the first time, false after, on this instance and on another', big, async (stores, clock) => {
        const nonces = need(stores);
        const other = await another(stores);
        const until = clock.now() + 600_000;
        same(await nonces.claim(nonce(1), until), true, 'the first claim');
        same(await nonces.claim(nonce(1), until), false, 'a second claim');
        same(await other.claim(nonce(1), until), false, 'a claim of it through another instance');
        same(await nonces.claim(nonce(2), until), true, 'the first claim of another nonce');
        same(await other.claim(nonce(3), until), true, 'a first claim through the other instance');
        same(await nonces.claim(nonce(3), until), false, 'the first instance’s claim of what the other claimed');
      }),
      test('consent nonces', 'of concurrent claims of one nonce through two instances, exactly one is true', big, async (stores, clock) => {
        const nonces = need(stores);
        const other = await another(stores);
        const until = clock.now() + 600_000;
        const rounds = await Promise.all(
          Array.from({ length: 20 }, async (_, i) =>
            Promise.all([nonces.claim(nonce(i), until), other.claim(nonce(i), until), nonces.claim(nonce(i), until), other.claim(nonce(i), until)]),
          ),
        );
        const winners = rounds.map((claims) => claims.filter(Boolean).length);
        same(winners, Array<number>(20).fill(1), 'the true claims of each of 20 nonces claimed 4 times at once');
      }),
      test(
        'consent nonces',
        'an expired state is refused and not stored; a claimed nonce is kept until its expiry, then pruned',
        big,
        async (stores, clock) => {
          const nonces = need(stores);
          const t = clock.now();
          same(await nonces.claim(nonce(1), t), false, 'a claim expiring now');
          same(await nonces.claim(nonce(1), t - 60_000), false, 'a claim that expired a minute ago');
          same(await nonces.claim(nonce(1), t + 1_000), true, 'the first claim in time (the refused ones stored nothing)');
          clock.advance(999);
          same(await nonces.claim(nonce(1), t + 5_000), false, 'a claim 1 ms before the first one expires');
          clock.advance(1);
          // Expired: the entry is pruned, so the store holds nothing for the nonce any more (a state of it would be expired too).
          same(await nonces.claim(nonce(1), t + 5_000), true, 'a claim once the first had expired (its entry pruned)');
          same(await nonces.claim(nonce(1), t + 5_000), false, 'the claim after that');
        },
      ),
      test('consent nonces', 'a nonce outside consentNonceRule or an expiresAt that is not a finite number is a TypeError', big, async (stores, clock) => {
        const nonces = need(stores);
        const until = clock.now() + 600_000;
        for (const bad of ['', 'short', `${nonce(1)} `, `${nonce(1)}/x`, 'n'.repeat(129), 'ñonce-0000000000000000', 42, null])
          await rejects(() => nonces.claim(bad as string, until), 'TypeError', `claim(${JSON.stringify(bad)})`, TypeError);
        for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, '1', undefined])
          await rejects(() => nonces.claim(nonce(1), bad as number), 'TypeError', `claim(nonce, ${String(bad)})`, TypeError);
        same(await nonces.claim(nonce(1), until), true, 'the nonce after the refused claims');
        same(await nonces.claim('n'.repeat(128), until), true, 'a 128-character nonce');
      }),
    ],
  };
}

function need(stores: StoresUnderTest): ConsentNonceStore {
  return stores.consentNonces ?? fail('the stores under test have no consentNonces: give the consent nonce store, or skip its section with a reason');
}

async function another(stores: StoresUnderTest): Promise<ConsentNonceStore> {
  return (
    (await stores.another()).consentNonces ??
    fail('another() has no consentNonces: give a second consent nonce store on the same storage, or skip this test with a reason')
  );
}
