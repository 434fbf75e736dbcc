import type { ConsentReply } from '@xcap/broker';
import type { ConsentRequest } from '@xcap/call';
import { agentText } from './agent-label.js';

/**
 * The form the agent's client shows for a consent sheet: one choice,
 * `answer`, of three — `allowOnce` (“Allow once”: this call runs, nothing is
 * stored), `allow` (“Always allow”: stores `granted`), `deny` (“Don’t
 * allow”: stores `denied`).
 */
export const consentFormSchema = {
  type: 'object' as const,
  properties: {
    answer: {
      type: 'string' as const,
      title: 'Your answer',
      oneOf: [
        { const: 'allowOnce', title: 'Allow once' },
        { const: 'allow', title: 'Always allow' },
        { const: 'deny', title: 'Don’t allow' },
      ],
    },
  },
  required: ['answer'],
};

/** The longest argument value in the form's message, in characters (a longer one is cut with `…`). */
export const maxArgumentChars = 80;
/** The most arguments the form's message names (more are counted: `and 3 more`). */
export const maxArgumentsShown = 6;

/**
 * The message of the consent form: who asks for which app, the sheet's
 * title and text, the tool (its id and description) and the call's
 * arguments, each `name: value` with long values cut — e.g.
 * `Claude Desktop 1.2 (token laptop) asks, for the app acme.album: Photos: …
 * Tool: photos_pick (Let the person pick photos). Arguments: max: 3.`
 * A call without arguments leaves them out.
 */
export function consentFormMessage(request: ConsentRequest): string {
  const lines = [`${agentText(request.agent)} asks, for the app ${request.app}: ${request.sheet.title}: ${request.sheet.text}`];
  lines.push(`Tool: ${request.tool.id}${request.tool.description === '' ? '' : ` (${request.tool.description})`}.`);
  const args = argumentsText(request.arguments);
  if (args !== '') lines.push(`Arguments: ${args}.`);
  return lines.join('\n');
}

/**
 * A call's arguments, short: `name: value` pairs joined by `, ` (strings as
 * they are, anything else as JSON), each value cut at `maxArgumentChars`
 * with `…`, at most `maxArgumentsShown` named (`and N more`); `none` for an
 * empty object, `''` for no arguments given (`undefined`), the value itself
 * (cut) when they are not an object.
 */
export function argumentsText(args: unknown): string {
  if (args === undefined) return '';
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return cut(valueText(args));
  const entries = Object.entries(args as Record<string, unknown>);
  if (entries.length === 0) return 'none';
  const shown = entries.slice(0, maxArgumentsShown).map(([name, value]) => `${cut(name)}: ${cut(valueText(value))}`);
  const more = entries.length - shown.length;
  return more > 0 ? `${shown.join(', ')} and ${more} more` : shown.join(', ');
}

function valueText(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    // undefined for a value JSON has no text for (a function)
    const json = JSON.stringify(value) as string | undefined;
    return json === undefined ? String(value) : json;
  } catch {
    return String(value);
  }
}

function cut(text: string): string {
  const chars = Array.from(text);
  return chars.length <= maxArgumentChars ? text : `${chars.slice(0, maxArgumentChars - 1).join('')}…`;
}

/**
 * The choice an elicitation answer stands for: an accepted form answering
 * `allowOnce`, `allow` or `deny` is that choice; anything else (decline,
 * cancel, another value) is `dismiss`.
 */
export function consentFormReply(action: unknown, content: unknown): ConsentReply | 'allowOnce' {
  if (action !== 'accept' || typeof content !== 'object' || content === null) return 'dismiss';
  const answer = (content as Record<string, unknown>)['answer'];
  return answer === 'allowOnce' || answer === 'allow' || answer === 'deny' ? answer : 'dismiss';
}
