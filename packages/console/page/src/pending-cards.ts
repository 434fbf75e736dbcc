import type { ConsoleEnded, Pending } from '../../src/console-contract.js';
import { expireCard } from './answer-card.js';
import { setDetached } from './consent-card.js';
import { pendingCard } from './pending-card.js';
import { tickTimeLeft } from './time-left.js';

/**
 * The pending cards in `container`, in line with the server's list: a card whose request is
 * gone leaves — unless it expired (`ended` said so, or its time was up), then it stays saying
 * so until closed; a new request gets a card; a card still pending stays as it is (so a
 * choice being made is not lost), its detached sentence shown when its request says so. A
 * sheet dismissed with Escape leaves this page (nothing is stored; the call path's wait ends
 * it). `empty` shows while no card is there.
 */
export class PendingCards {
  private readonly dismissed = new Set<string>();
  private readonly expired = new Set<string>();

  constructor(
    private readonly container: HTMLElement,
    private readonly empty: HTMLElement,
    /** Called after every change, with the requests that got a new card. */
    private readonly changed: (fresh: readonly Pending[]) => void,
  ) {}

  /** The cards still waiting for an answer (not expired, not answered). */
  waiting(): number {
    return this.cards().filter((card) => !card.classList.contains('expired') && !card.classList.contains('answered')).length;
  }

  /** Brings the cards in line with `pending` (the server's whole list). */
  show(pending: readonly Pending[]): void {
    const byId = new Map(pending.map((request) => [request.id, request]));
    const now = Date.now();
    const shown = new Set<string>();
    for (const card of this.cards()) {
      const id = card.dataset['pendingId'] ?? '';
      const request = byId.get(id);
      if (request !== undefined) {
        shown.add(id);
        if (request.kind === 'consent') setDetached(card, request.detached);
        continue;
      }
      if (card.classList.contains('expired')) continue;
      const until = Date.parse(card.dataset['expiresAt'] ?? '');
      if (this.expired.has(id) || (!card.classList.contains('answered') && until <= now + 1000)) expireCard(card);
      else card.remove();
    }
    const fresh = pending.filter((request) => !shown.has(request.id) && !this.dismissed.has(request.id) && !this.expired.has(request.id));
    for (const request of fresh) this.container.append(this.watch(pendingCard(request)));
    this.update(fresh);
  }

  /** One request ended: an expired one's card stays and says so; a cancelled one's goes. */
  ended(ended: ConsoleEnded): void {
    const card = this.cards().find((shown) => shown.dataset['pendingId'] === ended.id);
    if (ended.why === 'expired') {
      this.expired.add(ended.id);
      if (card !== undefined) expireCard(card);
    } else if (ended.why === 'cancelled') card?.remove();
    this.update([]);
  }

  /** Redraws the time left of every card for `now`; a card whose time is up expires. */
  tick(now: number): void {
    const due = tickTimeLeft(this.container, now);
    for (const card of due) {
      this.expired.add(card.dataset['pendingId'] ?? '');
      expireCard(card);
    }
    if (due.length > 0) this.update([]);
  }

  /**
   * Escape in `card`: a picker answers Cancel; a consent sheet leaves this page, nothing
   * stored (the call path's wait ends it); an expired card closes. Answers whether it did.
   */
  escape(card: HTMLElement): boolean {
    if (card.classList.contains('expired')) {
      card.remove();
    } else if (card.dataset['kind'] === 'consent') {
      this.dismissed.add(card.dataset['pendingId'] ?? '');
      card.remove();
    } else {
      const cancel = card.querySelector<HTMLButtonElement>('button[data-role="cancel"]');
      if (cancel === null || cancel.disabled) return false;
      cancel.click();
      return true;
    }
    this.update([]);
    return true;
  }

  private watch(card: HTMLElement): HTMLElement {
    card.addEventListener('card-closed', () => this.update([]));
    return card;
  }

  private cards(): HTMLElement[] {
    return Array.from(this.container.children) as HTMLElement[];
  }

  private update(fresh: readonly Pending[]): void {
    this.empty.hidden = this.container.children.length > 0;
    this.changed(fresh);
  }
}
