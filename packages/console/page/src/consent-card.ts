import type { ConsentPending } from '../../src/console-contract.js';
import { answerCard } from './answer-card.js';
import { scopeWords } from '../../src/ask-sentence.js';
import { el } from './el.js';

/** What a detached sheet says: the agent stopped waiting. */
export const detachedSentence = 'The agent stopped waiting. Your answer applies to its next call.';

/**
 * The consent sheet of an undecided `ask` scope: who asks, for which app, to do what; the tool
 * in words and the call's arguments; the manifest's `why` once; `Allow once`, `Always allow`
 * (primary) and `Don’t allow`. A detached sheet says so (`setDetached`).
 */
export function consentCard(pending: ConsentPending): HTMLElement {
  const words = scopeWords(pending);
  const args =
    pending.arguments.length === 0
      ? null
      : el('dl', { className: 'arguments' }, ...pending.arguments.flatMap((argument) => [el('dt', {}, argument.name), el('dd', {}, argument.value)]));
  const tool =
    pending.tool === ''
      ? null
      : el(
          'p',
          { className: 'tool' },
          el('span', { className: 'label' }, 'Tool: '),
          pending.toolDescription === '' ? '' : `${pending.toolDescription} `,
          el('code', {}, pending.tool),
        );
  const detached = el('p', { className: 'detached-note', role: 'status' }, detachedSentence);
  detached.hidden = !pending.detached;
  return answerCard(
    pending,
    pending.title,
    [
      detached,
      words === null ? el('p', { className: 'sheet-text' }, pending.text) : null,
      tool,
      args === null ? null : el('div', { className: 'call' }, el('p', { className: 'label' }, 'With:'), args),
      pending.why === null
        ? null
        : el('p', { className: 'why' }, el('span', { className: 'label' }, 'Why: '), el('span', { className: 'why-text' }, pending.why)),
      el('p', { className: 'meta' }, 'Scope ', el('code', {}, pending.scope)),
    ],
    [
      { label: 'Allow once', answer: () => ({ reply: 'allowOnce' }) },
      { label: 'Always allow', primary: true, answer: () => ({ reply: 'allow' }) },
      { label: 'Don’t allow', answer: () => ({ reply: 'deny' }) },
    ],
  );
}

/** Shows or hides a sheet's detached sentence as its request says. */
export function setDetached(card: HTMLElement, detached: boolean): void {
  const note = card.querySelector<HTMLElement>('.detached-note');
  if (note !== null) note.hidden = !detached;
}
