import type { AgentJson, ConsentPending, Pending } from './console-contract.js';

/** How the sheet text of the broker starts (`consentSheet`: `This app wants to <verb>. <why>`). */
const sheetStart = 'This app wants to ';

/** The agent as a person reads it: `Claude Desktop 1.2 (token laptop)`; an agent without a name is `An agent that gave no name`; `null` (the app's own window) is `null`. */
export function agentWords(agent: AgentJson | null): string | null {
  if (agent === null) return null;
  const name = [agent.name ?? 'An agent that gave no name', agent.version].filter((part) => part !== null && part !== '').join(' ');
  return agent.via === null || agent.via === '' ? name : `${name} (${agent.via})`;
}

/** What a consent sheet asks to do, from its text (`see your photos`), or `null` when the text is not the broker's sentence. */
export function scopeWords(pending: Pick<ConsentPending, 'text' | 'why'>): string | null {
  if (!pending.text.startsWith(sheetStart)) return null;
  const rest = pending.text.slice(sheetStart.length);
  const end = pending.why === null ? '.' : `. ${pending.why}`;
  return rest.endsWith(end) ? rest.slice(0, -end.length) : null;
}

/** What a request asks to do, in words after `to`: the sheet's scope, or the picker's task. */
export function taskWords(pending: Pending): string {
  switch (pending.kind) {
    case 'consent':
      return scopeWords(pending) ?? `use ${pending.title}`;
    case 'photos':
      return pending.limit === 1 ? 'choose a photo' : `choose up to ${pending.limit} photos`;
    case 'open':
      return pending.multiple ? 'open files you choose' : 'open a file you choose';
    case 'save':
      return `save the file ${pending.suggestedName}`;
    case 'print':
      return `print ${pending.documentName}`;
  }
}

/** The three parts of the line that says who asks: the agent (or `null`), the app, the task. */
export interface AskParts {
  readonly agent: string | null;
  readonly app: string;
  readonly task: string;
}

/** Who asks, for which app, to do what. */
export function askParts(pending: Pending): AskParts {
  return { agent: agentWords(pending.agent), app: pending.app, task: taskWords(pending) };
}

/** The line as one sentence: `Claude Desktop 1.2 (token laptop) asks, for the app acme.album, to see your photos.` (`The app acme.album asks to …` for its own window). */
export function askSentence(pending: Pending): string {
  const { agent, app, task } = askParts(pending);
  return agent === null ? `The app ${app} asks to ${task}.` : `${agent} asks, for the app ${app}, to ${task}.`;
}
