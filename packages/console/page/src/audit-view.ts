import type { AuditRowJson } from '../../src/console-contract.js';
import { cell } from './cell.js';
import { el } from './el.js';
import { errorSentence } from './error-sentence.js';
import { formatTime } from './format-time.js';
import { requestRoute } from './request-json.js';
import { clientWords, statusChoices, statusWords } from './status-words.js';

/** Rows the table keeps (the server's default page). */
const shownRows = 100;

/** The audit log: newest first, filtered by app, tool and status; `add()` puts a live row on top when it passes the filters. */
export class AuditView {
  private readonly problem = el('p', { className: 'problem', role: 'alert' });
  private readonly body = el('tbody');
  private readonly app = el('input', { type: 'search', autocomplete: 'off' });
  private readonly tool = el('input', { type: 'search', autocomplete: 'off' });
  /** Counts reloads: an answer that is not the latest one's is dropped (filters changed meanwhile). */
  private reloads = 0;
  /** Live rows that came while a reload was on its way: put back on top of its answer when newer than all of it. */
  private arrived: AuditRowJson[] = [];
  /** Whether a reload is on its way. */
  private loading = false;
  private readonly status = el('select', {}, el('option', { value: '' }, 'any'), ...statusChoices.map(([value, words]) => el('option', { value }, words)));

  constructor(container: HTMLElement) {
    const filters = el(
      'form',
      { className: 'inline filters' },
      el('label', { className: 'field' }, 'App', this.app),
      el('label', { className: 'field' }, 'Tool', this.tool),
      el('label', { className: 'field' }, 'Status', this.status),
      el('button', { type: 'submit' }, 'Filter'),
    );
    filters.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.reload();
    });
    this.status.addEventListener('change', () => void this.reload());
    const head = el('thead', {}, el('tr', {}, ...['Time', 'App', 'Who', 'Tool', 'Outcome'].map((title) => el('th', { scope: 'col' }, title))));
    container.append(filters, el('table', { className: 'audit' }, head, this.body), this.problem);
  }

  /** Reads the newest rows that pass the filters and redraws the table. */
  async reload(): Promise<void> {
    const query = new URLSearchParams({ limit: String(shownRows) });
    for (const [key, value] of [
      ['app', this.app.value.trim()],
      ['tool', this.tool.value.trim()],
      ['status', this.status.value],
    ] as const)
      if (value !== '') query.set(key, value);
    const reload = ++this.reloads;
    this.arrived = [];
    this.loading = true;
    try {
      const { rows } = await requestRoute('audit', Object.fromEntries(query));
      if (reload !== this.reloads) return;
      this.body.replaceChildren(...rows.map((row) => this.row(row)));
      const newest = rows[0]?.id ?? 0;
      this.loading = false;
      for (const row of this.arrived.splice(0)) if (row.id > newest) this.add(row);
      this.problem.textContent = '';
    } catch (error) {
      if (reload === this.reloads) this.loading = false;
      this.problem.textContent = errorSentence(error);
    }
  }

  /** A row that just happened: on top of the table when it passes the filters. */
  add(row: AuditRowJson): void {
    const app = this.app.value.trim();
    const tool = this.tool.value.trim();
    if ((app !== '' && appOf(row) !== app) || (tool !== '' && row.tool !== tool) || (this.status.value !== '' && row.status !== this.status.value)) return;
    if (this.loading) this.arrived.push(row);
    // A row the table already shows (a reload read it too) is not shown twice.
    if (this.body.querySelector(`tr[data-id="${row.id}"]`) !== null) return;
    this.body.prepend(this.row(row));
    while (this.body.children.length > shownRows) this.body.lastElementChild?.remove();
  }

  private row(row: AuditRowJson): HTMLTableRowElement {
    const line = el(
      'tr',
      {},
      cell('Time', {}, formatTime(row.at)),
      cell('App', {}, appOf(row)),
      cell('Who', { className: 'client', title: row.clientId }, clientWords(row.clientId)),
      cell('Tool', {}, el('code', {}, row.tool)),
      cell('Outcome', { className: `status ${row.status}` }, statusWords(row.status, row.error)),
    );
    line.dataset['id'] = String(row.id);
    return line;
  }
}

/** The app id of a row (the stored row's `appId`). */
function appOf(row: AuditRowJson): string {
  return row.appId;
}
