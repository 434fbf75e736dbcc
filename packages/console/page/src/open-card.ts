import type { OpenPending } from '../../src/console-contract.js';
import { answerCard } from './answer-card.js';
import { el } from './el.js';
import { formatSize } from './format-size.js';

/**
 * The open picker of `files_open`: the files of the folder that fit `accept`, as checkboxes
 * (`multiple`) or radios, each labelled by its file name. `Choose` answers the chosen names, `Cancel` none.
 */
export function openCard(pending: OpenPending): HTMLElement {
  const group = `open-${pending.id}`;
  const inputs = pending.files.map((file) => el('input', { type: pending.multiple ? 'checkbox' : 'radio', name: group, value: file.name }));
  const items = pending.files.map((file, index) =>
    el('li', {}, el('label', {}, inputs[index], el('span', { className: 'name' }, file.name), el('span', { className: 'meta' }, ` ${formatSize(file.size)}`))),
  );
  const accepts = pending.accept.length === 0 ? 'any type' : pending.accept.join(', ');
  return answerCard(
    pending,
    pending.multiple ? 'Open files' : 'Open a file',
    [
      el('p', { className: 'meta' }, `Accepts ${accepts}`),
      pending.files.length === 0 ? el('p', {}, 'No file in the folder fits.') : el('ul', { className: 'files' }, ...items),
    ],
    [
      { label: 'Choose', primary: true, answer: () => ({ names: inputs.filter((input) => input.checked).map((input) => input.value) }) },
      { label: 'Cancel', cancel: true, answer: () => ({ names: [] }) },
    ],
  );
}
