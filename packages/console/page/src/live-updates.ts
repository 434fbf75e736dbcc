import { consoleRoutes, type AuditRowJson, type ConsoleEnded, type Pending } from '../../src/console-contract.js';
import { errorSentence } from './error-sentence.js';
import { requestRoute } from './request-json.js';

/** What the page does with each kind of news from the server. */
export interface LiveHandlers {
  readonly pending: (pending: readonly Pending[]) => void;
  /** A request ended, and why (the stream only; polling sees requests leave the list). */
  readonly ended: (ended: ConsoleEnded) => void;
  readonly audit: (row: AuditRowJson) => void;
  readonly grants: () => void;
  /** Polling only (the stream failed): every few polls, re-read what the stream would have pushed. */
  readonly refresh: () => void;
  readonly connection: (text: string) => void;
}

/** How often the fallback polls `/api/state` (ms). */
const pollEvery = 2000;

/**
 * Follows the server: the `/api/events` stream (`pending`, `ended`, `audit`, `grants` events), and when
 * the stream fails for good (closed by the server, or refused), `/api/state` every 2 s instead.
 */
export function liveUpdates(handlers: LiveHandlers): void {
  let polling = false;
  const poll = (): void => {
    if (polling) return;
    polling = true;
    handlers.connection('Live updates unavailable: checking every 2 seconds.');
    let tick = 0;
    const once = (): void => {
      requestRoute('state').then(
        (state) => handlers.pending(state.pending),
        (error: unknown) => handlers.connection(errorSentence(error)),
      );
      if (++tick % 5 === 0) handlers.refresh();
    };
    setInterval(once, pollEvery);
  };
  if (typeof EventSource !== 'function') {
    poll();
    return;
  }
  const events = new EventSource(consoleRoutes.events.path);
  events.addEventListener('open', () => handlers.connection('Live.'));
  events.addEventListener('pending', (event) => handlers.pending(JSON.parse((event as MessageEvent<string>).data) as Pending[]));
  events.addEventListener('audit', (event) => handlers.audit(JSON.parse((event as MessageEvent<string>).data) as AuditRowJson));
  events.addEventListener('grants', () => handlers.grants());
  events.addEventListener('ended', (event) => handlers.ended(JSON.parse((event as MessageEvent<string>).data) as ConsoleEnded));
  events.addEventListener('error', () => {
    if (events.readyState === EventSource.CLOSED) poll();
    else handlers.connection('Reconnecting…');
  });
}
