import { AuditView } from './audit-view.js';
import { GrantsView } from './grants-view.js';
import { liveUpdates } from './live-updates.js';
import { MinutesChart } from './minutes-chart.js';
import { requestRoute } from './request-json.js';
import { showPending } from './show-pending.js';
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
  const cards = byId('pending-cards');
  const empty = byId('pending-empty');
  const grants = new GrantsView(byId('grants-body'));
  const tokens = new TokensView(byId('tokens-body'));
  const chart = new MinutesChart(byId('chart-body'));
  const audit = new AuditView(byId('audit-body'));
  const state = await requestRoute('state');
  if (state.mode === 'console') byId('pending').hidden = true;
  else showPending(cards, empty, state.pending);
  if (state.app !== null) document.title = `xcap console · ${state.app}`;
  await Promise.all([grants.reload(), tokens.reload(), chart.reload(), audit.reload()]);
  let chartTimer: ReturnType<typeof setTimeout> | undefined;
  const redrawChart = (): void => {
    chartTimer ??= setTimeout(() => {
      chartTimer = undefined;
      void chart.reload();
    }, 300);
  };
  setInterval(redrawChart, 60_000);
  liveUpdates({
    pending: (pending) => {
      if (state.mode !== 'console') showPending(cards, empty, pending);
    },
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
  if (status !== null) status.textContent = `The console could not start: ${error instanceof Error ? error.message : String(error)}`;
});
