import type { Pending } from '../../src/console-contract.js';
import { askSentence } from '../../src/ask-sentence.js';

/**
 * Tells the person of new requests: the tab title carries the number waiting (`(2) xcap
 * console`), each new card is announced in `announcer` (an `aria-live` region), and, once the
 * person turned them on with `button`, shown as a browser notification (Notification API).
 */
export class BrowserNotices {
  constructor(
    private readonly title: string,
    private readonly announcer: HTMLElement,
    private readonly button: HTMLButtonElement,
  ) {
    const supported = typeof Notification === 'function';
    button.hidden = !supported;
    if (!supported) return;
    this.label();
    button.addEventListener('click', () => {
      void Notification.requestPermission().then(() => this.label());
    });
  }

  /** The number of cards waiting changed, or new ones came (`fresh`). */
  update(waiting: number, fresh: readonly Pending[]): void {
    document.title = waiting > 0 ? `(${waiting}) ${this.title}` : this.title;
    if (fresh.length === 0) return;
    const sentences = fresh.map(askSentence);
    this.announcer.textContent = `${fresh.length === 1 ? 'A new request' : `${fresh.length} new requests`}: ${sentences.join(' ')}`;
    if (typeof Notification !== 'function' || Notification.permission !== 'granted') return;
    for (const [index, request] of fresh.entries()) {
      try {
        const notice = new Notification('xcap console: a request is waiting', { body: sentences[index] ?? '', tag: request.id });
        notice.addEventListener('click', () => window.focus());
      } catch {
        // A browser that refuses a notification here changes nothing of the page.
      }
    }
  }

  private label(): void {
    const permission = Notification.permission;
    this.button.disabled = permission !== 'default';
    this.button.textContent =
      permission === 'granted'
        ? 'Browser notifications are on'
        : permission === 'denied'
          ? 'Browser notifications are blocked'
          : 'Turn on browser notifications';
  }
}
