import { consentNonceRule } from './consent-nonce-rule.js';

/**
 * Checks the arguments of `ConsentNonceStore.claim` from any caller
 * (JavaScript included): a `TypeError` naming `store` unless `nonce` matches
 * `consentNonceRule` and `expiresAt` is a finite number. Every store runs it
 * first, so all refuse the same input.
 */
export function checkConsentClaim(store: string, nonce: unknown, expiresAt: unknown): asserts nonce is string {
  if (typeof nonce !== 'string' || !consentNonceRule.test(nonce))
    throw new TypeError(
      `${store}.claim: nonce must be 16 to 128 of A-Z a-z 0-9 _ -, got ${typeof nonce === 'string' ? JSON.stringify(nonce.slice(0, 140)) : typeof nonce}`,
    );
  if (typeof expiresAt !== 'number' || !Number.isFinite(expiresAt))
    throw new TypeError(`${store}.claim: expiresAt must be a finite number of milliseconds since the epoch, got ${String(expiresAt)}`);
}
