import type { PrintPending } from '../../src/console-contract.js';
import { answerCard } from './answer-card.js';
import { el } from './el.js';

/** The print sheet of `print_print`: the document's name and type, the printers as radios (the first chosen); `Print` / `Cancel`. */
export function printCard(pending: PrintPending): HTMLElement {
  const group = `print-${pending.id}`;
  const radios = pending.printers.map((printer, index) => el('input', { type: 'radio', name: group, value: printer, checked: index === 0 }));
  const list = el('fieldset', {}, el('legend', {}, 'Printer'), ...radios.map((radio) => el('label', { className: 'choice' }, radio, radio.value)));
  return answerCard(
    pending,
    'Print',
    [
      el('p', {}, el('span', { className: 'document-name' }, pending.documentName), el('span', { className: 'meta' }, ` (${pending.mimeType})`)),
      pending.printers.length === 0 ? el('p', {}, 'No printer is set up.') : list,
    ],
    [
      {
        label: 'Print',
        primary: true,
        answer: () => {
          const printer = radios.find((radio) => radio.checked)?.value;
          return printer === undefined ? undefined : { printer };
        },
      },
      { label: 'Cancel', cancel: true, answer: () => ({ cancel: true }) },
    ],
  );
}
