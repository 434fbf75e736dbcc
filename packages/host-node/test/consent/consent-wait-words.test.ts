import { describe, expect, it } from 'vitest';
import { consentWaitWords } from '../../src/consent/consent-wait-words.js';

describe('consentWaitWords', () => {
  it('a wait shorter than the timeout: both, and the progress-token exception', () => {
    expect(consentWaitWords(50_000, 600_000)).toBe('a call waits 50 s on a sheet (600 s with a progress token), which stays 600 s');
  });

  it('no wait, or one as long as the timeout: the sheet alone (the call waits as long as it stays); the default timeout is 120 s', () => {
    expect(consentWaitWords(undefined, 30_000)).toBe('a sheet stays 30 s');
    expect(consentWaitWords(30_000, 30_000)).toBe('a sheet stays 30 s');
    expect(consentWaitWords(undefined, undefined)).toBe('a sheet stays 120 s');
    expect(consentWaitWords(50_000, undefined)).toBe('a call waits 50 s on a sheet (120 s with a progress token), which stays 120 s');
  });
});
