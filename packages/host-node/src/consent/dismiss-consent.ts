import type { ConsentReply } from '@xcap/broker';

/** The consent UI that never asks: every sheet counts as dismissed (nothing written, `denied: consentNeeded`). */
export function dismissConsent(): ConsentReply {
  return 'dismiss';
}
