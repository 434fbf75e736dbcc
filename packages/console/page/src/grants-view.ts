import type { GrantJson } from '../../src/console-contract.js';
import { actionHeader, cell } from './cell.js';
import { el } from './el.js';
import { errorSentence } from './error-sentence.js';
import { grantWords } from './status-words.js';
import { requestRoute } from './request-json.js';

/** The grants table (app × scope × answer, `Revoke` per row); `reload()` reads `/api/grants` again. */
export class GrantsView {
  private readonly problem = el('p', { className: 'problem', role: 'alert' });
  private readonly table = el('table');

  constructor(container: HTMLElement) {
    container.append(this.table, this.problem);
  }

  /** Reads the grants and redraws the table. */
  async reload(): Promise<void> {
    try {
      const { grants } = await requestRoute('grants');
      this.draw(grants);
      this.problem.textContent = '';
    } catch (error) {
      this.problem.textContent = errorSentence(error);
    }
  }

  private draw(grants: readonly GrantJson[]): void {
    const head = el(
      'thead',
      {},
      el('tr', {}, el('th', { scope: 'col' }, 'App'), el('th', { scope: 'col' }, 'Scope'), el('th', { scope: 'col' }, 'Answer'), actionHeader()),
    );
    const rows = grants.map((grant) => {
      const revoke = el('button', { type: 'button' }, 'Revoke');
      revoke.addEventListener('click', () => {
        revoke.disabled = true;
        requestRoute('revokeGrant', { app: grant.app, scope: grant.scope }).then(
          () => this.reload(),
          (error: unknown) => {
            revoke.disabled = false;
            this.problem.textContent = errorSentence(error);
          },
        );
      });
      return el(
        'tr',
        {},
        cell('App', {}, grant.app),
        cell('Scope', {}, el('code', {}, grant.scope)),
        cell('Answer', { className: `answer ${grant.answer}` }, grantWords(grant.answer)),
        cell('', { className: 'action' }, revoke),
      );
    });
    const body = rows.length === 0 ? el('tbody', {}, el('tr', {}, el('td', { colSpan: 4, className: 'none' }, 'No grants stored.'))) : el('tbody', {}, ...rows);
    this.table.replaceChildren(el('caption', {}, 'Stored consent answers'), head, body);
  }
}
