import { el, type Child } from './el.js';

/** A table cell labelled by its column (`data-label`): on a narrow screen each row is a card, each cell shown under its label. */
export function cell(label: string, props: Partial<HTMLTableCellElement>, ...children: Child[]): HTMLTableCellElement {
  const td = el('td', props, ...children);
  td.dataset['label'] = label;
  return td;
}

/** The header cell of a column of buttons: named for screen readers, blank on screen. */
export function actionHeader(): HTMLTableCellElement {
  return el('th', { scope: 'col' }, el('span', { className: 'visually-hidden' }, 'Action'));
}
