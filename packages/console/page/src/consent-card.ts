import type { ConsentPending } from '../../src/console-contract.js';
import { answerCard } from './answer-card.js';
import { appLine } from './app-line.js';
import { el } from './el.js';

/** The consent sheet of an undecided `ask` scope: the capability's title and text, the app, the manifest's `why`; `Allow` / `Don’t allow`. */
export function consentCard(pending: ConsentPending): HTMLElement {
  return answerCard(
    pending.id,
    pending.title,
    [
      appLine(pending.app, pending.expiresAt),
      el('p', { className: 'sheet-text' }, pending.text),
      pending.why === null
        ? null
        : el('p', { className: 'why' }, el('span', { className: 'label' }, 'Why: '), el('span', { className: 'why-text' }, pending.why)),
      el('p', { className: 'meta' }, 'Scope ', el('code', {}, pending.scope)),
    ],
    [
      { label: 'Allow', primary: true, answer: () => ({ reply: 'allow' }) },
      { label: 'Don’t allow', answer: () => ({ reply: 'deny' }) },
    ],
  );
}
