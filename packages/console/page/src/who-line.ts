import type { Pending } from '../../src/console-contract.js';
import { askParts } from '../../src/ask-sentence.js';
import { el } from './el.js';

/** The line every card starts with, as text: `<agent> asks, for the app <app>, to <task>.` (the agent and the app in bold). */
export function whoLine(pending: Pending): HTMLElement {
  const { agent, app, task } = askParts(pending);
  const appName = el('strong', { className: 'app-id' }, app);
  return agent === null
    ? el('p', { className: 'who' }, 'The app ', appName, ` asks to ${task}.`)
    : el('p', { className: 'who' }, el('strong', { className: 'agent' }, agent), ' asks, for the app ', appName, `, to ${task}.`);
}
