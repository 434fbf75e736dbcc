import { AuditView } from './audit-view.js';
import { BrowserNotices } from './browser-notices.js';
import { errorSentence } from './error-sentence.js';
import { GrantsView } from './grants-view.js';
import { liveUpdates } from './live-updates.js';
import { MinutesChart } from './minutes-chart.js';
import { PendingCards } from './pending-cards.js';
import { requestRoute } from './request-json.js';
import { TokensView } from './tokens-view.js';

/** The element with this id (the shell in index.html has them all). */
function byId(id: string): HTMLElement {
  const element = document.getElementById(id);
  if (element === null) throw new Error(`console page: no #${id} in the shell`);
  return element;
}

/** Starts the console page: reads the state, draws every section, then follows the server live. */
async function start(): Promise<void> {
  const status = byId('status');
  const grants = new GrantsView(byId('grants-body'));
  const tokens = new TokensView(byId('tokens-body'));
  const chart = new MinutesChart(byId('chart-body'));
  const audit = new AuditView(byId('audit-body'));
  const state = await requestRoute('state');
  const notices = new BrowserNotices(
    state.app === null ? 'xcap console' : `xcap console · ${state.app}`,
    byId('announce'),
    byId('notify') as HTMLButtonElement,
  );
  const cards = new PendingCards(byId('pending-cards'), byId('pending-empty'), (fresh) => notices.update(cards.waiting(), fresh));
  if (state.mode === 'console') {
    byId('pending').hidden = true;
    byId('notify').hidden = true;
  } else cards.show(state.pending);
  await Promise.all([grants.reload(), tokens.reload(), chart.reload(), audit.reload()]);
  let chartTimer: ReturnType<typeof setTimeout> | undefined;
  const redrawChart = (): void => {
    chartTimer ??= setTimeout(() => {
      chartTimer = undefined;
      void chart.reload();
    }, 300);
  };
  setInterval(redrawChart, 60_000);
  setInterval(() => cards.tick(Date.now()), 1000);
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    const card = document.activeElement?.closest<HTMLElement>('#pending-cards > .card');
    if (card === null || card === undefined) return;
    const next = card.nextElementSibling ?? card.previousElementSibling;
    if (!cards.escape(card)) return;
    event.preventDefault();
    if (!card.isConnected) ((next?.querySelector('button:not([disabled])') as HTMLElement | null) ?? byId('pending-heading')).focus();
  });
  liveUpdates({
    pending: (pending) => {
      if (state.mode !== 'console') cards.show(pending);
    },
    ended: (ended) => cards.ended(ended),
    audit: (row) => {
      audit.add(row);
      redrawChart();
    },
    grants: () => void grants.reload(),
    refresh: () => void Promise.all([grants.reload(), audit.reload(), chart.reload()]),
    connection: (text) => (status.textContent = text),
  });
  document.body.dataset['ready'] = 'true';
}

start().catch((error: unknown) => {
  const status = document.getElementById('status');
  if (status !== null) status.textContent = `The console could not start. ${errorSentence(error)}`;
});
