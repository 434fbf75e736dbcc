import type { AgentLabel } from '@xcap/catalog';

/** The bounds of an `AgentLabel`'s parts, in code points: a longer part is clipped, its last code point `…`. */
export const agentLabelBounds = Object.freeze({ name: 100, version: 50, via: 200 });

/** The label with no part known: an agent call that brought no `agent`. */
const unknownAgent: AgentLabel = Object.freeze({ name: null, version: null, via: null });

/**
 * A frozen copy of a request's agent label with each part clipped to its
 * bound (`agentLabelBounds`): all three parts `null` when absent. The label
 * must already be checked (every part a string or `null`).
 */
export function clipAgentLabel(label: AgentLabel | undefined): AgentLabel {
  if (label === undefined) return unknownAgent;
  const { name, version, via } = label;
  return Object.freeze({ name: clip(name, agentLabelBounds.name), version: clip(version, agentLabelBounds.version), via: clip(via, agentLabelBounds.via) });
}

/** `text` when it has at most `max` code points; otherwise its first `max - 1` code points and `…`. */
function clip(text: string | null, max: number): string | null {
  if (text === null || text.length <= max) return text;
  const kept: string[] = [];
  for (const codePoint of text) {
    if (kept.length === max) return `${kept.slice(0, max - 1).join('')}…`;
    kept.push(codePoint);
  }
  return text;
}
