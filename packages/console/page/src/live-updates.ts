import { consoleLimits, consoleRoutes, type AuditRowJson, type ConsoleEnded, type ConsoleLagged, type Pending } from '../../src/console-contract.js';
import { errorSentence } from './error-sentence.js';
import { requestRoute, sessionHeaders } from './request-json.js';

/** What the page does with each kind of news from the server. */
export interface LiveHandlers {
  readonly pending: (pending: readonly Pending[]) => void;
  /** A request ended, and why (the stream only; polling sees requests leave the list). */
  readonly ended: (ended: ConsoleEnded) => void;
  readonly audit: (row: AuditRowJson) => void;
  readonly grants: () => void;
  /** Polling, or audit rows missed (`event: lagged`, or a gap in the ids): re-read what the stream would have pushed. */
  readonly refresh: () => void;
  readonly connection: (text: string) => void;
}

/** How often the fallback polls `/api/state` (ms). */
const pollEvery = 2000;
/** Reconnections in a row before the page polls instead. */
const maxReconnects = 5;

/**
 * Follows the server: the `/api/events` stream (`pending`, `ended`, `audit`, `grants`, `lagged` events), read with
 * `fetch` so that it carries the session's token like every other request (an `EventSource` cannot send a
 * header). A stream that ends or breaks is opened again (at most 5 times in a row, waiting 1 s more each time);
 * when it is refused (not 200), or keeps breaking, `/api/state` every 2 s instead. Audit rows the stream
 * could not send one by one (`event: lagged`, or an id past the next one expected) are reported with
 * `connection` and read again with `refresh`.
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
  let lastAuditId: number | undefined;
  const missed = (count: number): void => {
    handlers.connection(
      `Live. ${count} audit rows came faster than they could be shown one by one: the log was read again (the newest ${consoleLimits.defaultAuditLimit} are shown).`,
    );
    handlers.refresh();
  };
  const dispatch = (event: string, data: string): void => {
    if (event === 'pending') handlers.pending(JSON.parse(data) as Pending[]);
    else if (event === 'grants') handlers.grants();
    else if (event === 'ended') handlers.ended(JSON.parse(data) as ConsoleEnded);
    else if (event === 'lagged') {
      const lagged = JSON.parse(data) as ConsoleLagged;
      lastAuditId = lagged.lastId;
      missed(lagged.missed);
    } else if (event === 'audit') {
      const row = JSON.parse(data) as AuditRowJson;
      if (lastAuditId !== undefined && row.id > lastAuditId + 1) missed(row.id - lastAuditId - 1);
      else handlers.audit(row);
      lastAuditId = Math.max(lastAuditId ?? 0, row.id);
    }
  };
  void (async () => {
    for (let reconnects = 0; ;) {
      let response: Response | undefined;
      try {
        response = await fetch(consoleRoutes.events.path, { headers: sessionHeaders(), credentials: 'same-origin', cache: 'no-store' });
      } catch {
        response = undefined;
      }
      if (response !== undefined && (!response.ok || response.body === null)) return poll();
      if (response?.body) {
        handlers.connection('Live.');
        reconnects = 0;
        try {
          await readEvents(response.body, dispatch);
        } catch {
          // Broken off: opened again below.
        }
      }
      if (++reconnects > maxReconnects) return poll();
      handlers.connection('Reconnecting…');
      await new Promise((resolve) => setTimeout(resolve, 1000 * reconnects));
    }
  })();
}

/** Reads `text/event-stream` frames from `body` until it ends, handing each event's name and data to `dispatch` (comments are skipped). */
async function readEvents(body: ReadableStream<Uint8Array>, dispatch: (event: string, data: string) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    text += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = text.indexOf('\n\n')) >= 0) {
      const frame = text.slice(0, end);
      text = text.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of frame.split('\n')) {
        if (line.startsWith('event: ')) event = line.slice('event: '.length);
        else if (line.startsWith('data: ')) data.push(line.slice('data: '.length));
      }
      if (data.length > 0) dispatch(event, data.join('\n'));
    }
  }
}
