import type { ConsoleAnswers, ConsolePendingKind, Pending } from '../../src/console-contract.js';
import { el, type Child } from './el.js';
import { errorSentence } from './error-sentence.js';
import { requestRoute } from './request-json.js';
import { timeLeft } from './time-left.js';
import { whoLine } from './who-line.js';

/** One button of a pending request's card: its label and the answer it posts (`undefined`: nothing to post yet). */
export interface AnswerButton {
  readonly label: string;
  /** The card's main answer: styled as the primary button, and what Enter in the card posts. */
  readonly primary?: boolean;
  /** A picker's Cancel: what Escape in the card presses. */
  readonly cancel?: boolean;
  readonly answer: () => ConsoleAnswers[ConsolePendingKind] | undefined;
}

/** What an expired card says instead of its buttons. */
export const expiredSentence = 'This request expired. Nothing was stored.';

/**
 * A pending request's card: a heading, who asks (`whoLine`), the time left, the body, and
 * buttons that POST `{ id, answer }` to `/api/answer`. While a POST runs the buttons are
 * disabled; the card leaves with the next `pending` event, and a refused answer is shown in
 * the card as a sentence.
 */
export function answerCard(pending: Pending, heading: string, body: readonly Child[], buttons: readonly AnswerButton[]): HTMLElement {
  const { id } = pending;
  const headingId = `card-${id}-heading`;
  const problem = el('p', { className: 'problem', role: 'alert' });
  const form = el('form', { className: 'card' });
  form.setAttribute('aria-labelledby', headingId);
  form.dataset['pendingId'] = id;
  form.dataset['kind'] = pending.kind;
  if (pending.expiresAt !== null) form.dataset['expiresAt'] = pending.expiresAt;
  const actions = el('div', { className: 'actions' });
  const buttonElements = buttons.map((button) => {
    const element = el('button', { type: 'button', className: button.primary === true ? 'primary' : '' }, button.label);
    if (button.cancel === true) element.dataset['role'] = 'cancel';
    element.addEventListener('click', () => {
      const answer = button.answer();
      if (answer === undefined) return;
      for (const other of buttonElements) other.disabled = true;
      problem.textContent = '';
      requestRoute('answer', { id, answer }).then(
        () => form.classList.add('answered'),
        (error: unknown) => {
          problem.textContent = errorSentence(error);
          if (!form.classList.contains('expired')) for (const other of buttonElements) other.disabled = false;
        },
      );
    });
    return element;
  });
  actions.append(...buttonElements);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    buttonElements.find((_, index) => buttons[index]?.primary === true)?.click();
  });
  form.append(
    el('h3', { id: headingId }, heading),
    whoLine(pending),
    ...[timeLeft(pending.expiresAt), ...body].filter((child): child is Node | string => !!child),
    problem,
    actions,
  );
  return form;
}

/** Turns `card` into an expired one: its inputs and buttons off, its actions replaced by `expiredSentence` and a Close button (the card stays until closed). */
export function expireCard(card: HTMLElement): void {
  if (card.classList.contains('expired')) return;
  card.classList.add('expired');
  for (const control of Array.from(card.querySelectorAll<HTMLInputElement | HTMLButtonElement>('input, button'))) control.disabled = true;
  card.querySelector('.time-left')?.remove();
  card.querySelector('.detached-note')?.remove();
  const close = el('button', { type: 'button' }, 'Close');
  close.addEventListener('click', () => {
    card.remove();
    card.dispatchEvent(new CustomEvent('card-closed'));
  });
  card.querySelector('.actions')?.replaceChildren(el('p', { className: 'ended', role: 'status' }, expiredSentence), close);
}
