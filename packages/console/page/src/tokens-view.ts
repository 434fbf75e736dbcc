import type { TokenJson } from '../../src/console-contract.js';
import { actionHeader, cell } from './cell.js';
import { el } from './el.js';
import { errorSentence } from './error-sentence.js';
import { formatTime } from './format-time.js';
import { requestRoute } from './request-json.js';

/** The HTTP tokens: names and dates, `Revoke` per row, and `Add token`, which shows the new token once. */
export class TokensView {
  private readonly problem = el('p', { className: 'problem', role: 'alert' });
  private readonly table = el('table');
  private readonly name = el('input', { type: 'text', required: true, autocomplete: 'off', spellcheck: false });
  private readonly shown = el('div', { className: 'new-token' });

  constructor(container: HTMLElement) {
    const form = el(
      'form',
      { className: 'inline' },
      el('label', { className: 'field' }, 'Token name', this.name),
      el('button', { type: 'submit' }, 'Add token'),
    );
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      this.add();
    });
    container.append(this.table, form, this.shown, this.problem);
  }

  /** Reads the tokens and redraws the table. */
  async reload(): Promise<void> {
    try {
      const { tokens } = await requestRoute('tokens');
      this.draw(tokens);
      this.problem.textContent = '';
    } catch (error) {
      this.fail(error);
    }
  }

  private add(): void {
    const name = this.name.value.trim();
    if (name === '') return;
    requestRoute('addToken', { name }).then(
      (added) => {
        this.name.value = '';
        this.shown.replaceChildren(
          el('p', {}, 'The token of ', el('strong', {}, added.name), ' (shown this once; copy it now):'),
          el('output', { className: 'token' }, added.token),
        );
        return this.reload();
      },
      (error: unknown) => this.fail(error),
    );
  }

  private fail(error: unknown): void {
    this.problem.textContent = errorSentence(error);
  }

  private draw(tokens: readonly TokenJson[]): void {
    const head = el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Name'), el('th', { scope: 'col' }, 'Created'), actionHeader()));
    const rows = tokens.map((token) => {
      const revoke = el('button', { type: 'button' }, 'Revoke');
      revoke.addEventListener('click', () => {
        revoke.disabled = true;
        requestRoute('revokeToken', { name: token.name }).then(
          () => {
            this.shown.replaceChildren();
            return this.reload();
          },
          (error: unknown) => {
            revoke.disabled = false;
            this.fail(error);
          },
        );
      });
      return el('tr', {}, cell('Name', {}, token.name), cell('Created', {}, formatTime(token.createdAt)), cell('', { className: 'action' }, revoke));
    });
    const body = rows.length === 0 ? el('tbody', {}, el('tr', {}, el('td', { colSpan: 3, className: 'none' }, 'No tokens.'))) : el('tbody', {}, ...rows);
    this.table.replaceChildren(el('caption', {}, 'Tokens that let an agent call over HTTP'), head, body);
  }
}
