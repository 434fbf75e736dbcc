import { defaultConsentTimeoutMs } from '@xcap/call';

/**
 * How long a foreground call waits on a consent sheet and how long the
 * sheet stays, for `xcap serve`'s start line: `a call waits 50 s on a sheet
 * (600 s with a progress token), which stays 600 s`. `waitMs` absent: the
 * call waits as long as the sheet stays.
 */
export function consentWaitWords(waitMs: number | undefined, timeoutMs: number | undefined): string {
  const open = (timeoutMs ?? defaultConsentTimeoutMs) / 1_000;
  const wait = (waitMs ?? timeoutMs ?? defaultConsentTimeoutMs) / 1_000;
  return wait >= open ? `a sheet stays ${open} s` : `a call waits ${wait} s on a sheet (${open} s with a progress token), which stays ${open} s`;
}
