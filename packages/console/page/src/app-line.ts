import { el } from './el.js';

/** The "App: <id> · waits until <time>" line every pending card shows, as text. */
export function appLine(app: string, expiresAt: string | null): HTMLElement {
  const until = new Date(expiresAt ?? Number.NaN);
  return el(
    'p',
    { className: 'meta' },
    'App ',
    el('strong', { className: 'app-id' }, app),
    Number.isNaN(until.getTime()) ? '' : ` · waits until ${until.toLocaleTimeString()}`,
  );
}
