import type { ConsoleAnswers, ConsolePendingKind } from '../../src/console-contract.js';
import { el, type Child } from './el.js';
import { requestRoute } from './request-json.js';

/** One button of a pending request's card: its label and the answer it posts (`undefined`: nothing to post yet). */
export interface AnswerButton {
  readonly label: string;
  readonly primary?: boolean;
  readonly answer: () => ConsoleAnswers[ConsolePendingKind] | undefined;
}

/**
 * A pending request's card: a heading, the body, and buttons that POST `{ id, answer }` to
 * `/api/answer`. While a POST runs the buttons are disabled; the card leaves with the next
 * `pending` event, and a refused answer is shown in the card.
 */
export function answerCard(id: string, heading: string, body: readonly Child[], buttons: readonly AnswerButton[]): HTMLElement {
  const headingId = `card-${id}-heading`;
  const problem = el('p', { className: 'problem', role: 'alert' });
  const form = el('form', { className: 'card' });
  form.setAttribute('aria-labelledby', headingId);
  form.dataset['pendingId'] = id;
  const actions = el('div', { className: 'actions' });
  const buttonElements = buttons.map((button) => {
    const element = el('button', { type: 'button', className: button.primary === true ? 'primary' : '' }, button.label);
    element.addEventListener('click', () => {
      const answer = button.answer();
      if (answer === undefined) return;
      for (const other of buttonElements) other.disabled = true;
      problem.textContent = '';
      requestRoute('answer', { id, answer }).then(
        () => form.classList.add('answered'),
        (error: unknown) => {
          problem.textContent = error instanceof Error ? error.message : String(error);
          for (const other of buttonElements) other.disabled = false;
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
  form.append(el('h3', { id: headingId }, heading), ...body.filter((child): child is Node | string => !!child), problem, actions);
  return form;
}
