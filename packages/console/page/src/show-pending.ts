import type { Pending } from '../../src/console-contract.js';
import { pendingCard } from './pending-card.js';

/**
 * Brings the pending cards in `container` in line with the server's list: a card whose request
 * is gone leaves, a new request gets a card, a card still pending stays as it is (so a choice
 * being made is not lost). `empty` shows while nothing waits.
 */
export function showPending(container: HTMLElement, empty: HTMLElement, pending: readonly Pending[]): void {
  const ids = new Set(pending.map((request) => request.id));
  const shown = new Map<string, Element>();
  for (const card of Array.from(container.children)) {
    const id = (card as HTMLElement).dataset['pendingId'];
    if (id === undefined || !ids.has(id)) card.remove();
    else shown.set(id, card);
  }
  for (const request of pending) if (!shown.has(request.id)) container.append(pendingCard(request));
  empty.hidden = pending.length > 0;
}
