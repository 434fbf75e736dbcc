import type { SavePending } from '../../src/console-contract.js';
import { answerCard } from './answer-card.js';
import { el } from './el.js';
import { formatSize } from './format-size.js';

/** The save dialog of `files_save`: a `Name` field filled with the suggested name; `Save` answers the typed name, `Cancel` cancels. */
export function saveCard(pending: SavePending): HTMLElement {
  const name = el('input', { type: 'text', value: pending.suggestedName, required: true, spellcheck: false, autocomplete: 'off' });
  const problem = el('p', { className: 'problem' });
  return answerCard(
    pending,
    'Save a file',
    [el('p', { className: 'meta' }, `${pending.mimeType}, ${formatSize(pending.size)}`), el('label', { className: 'field' }, 'Name', name), problem],
    [
      {
        label: 'Save',
        primary: true,
        answer: () => {
          if (name.value.trim() === '') {
            problem.textContent = 'Type a name.';
            return undefined;
          }
          problem.textContent = '';
          return { name: name.value };
        },
      },
      { label: 'Cancel', cancel: true, answer: () => ({ cancel: true }) },
    ],
  );
}
