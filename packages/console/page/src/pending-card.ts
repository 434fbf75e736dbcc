import type { Pending } from '../../src/console-contract.js';
import { consentCard } from './consent-card.js';
import { openCard } from './open-card.js';
import { photosCard } from './photos-card.js';
import { printCard } from './print-card.js';
import { saveCard } from './save-card.js';

/** The card of one pending request, by its kind. */
export function pendingCard(pending: Pending): HTMLElement {
  switch (pending.kind) {
    case 'consent':
      return consentCard(pending);
    case 'photos':
      return photosCard(pending);
    case 'open':
      return openCard(pending);
    case 'save':
      return saveCard(pending);
    case 'print':
      return printCard(pending);
  }
}
