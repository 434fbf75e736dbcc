/** What the console's refusals mean for a person, by the server's text (first match wins). */
const sentences: readonly (readonly [RegExp, string])[] = [
  [/no such pending request/, 'This request is no longer waiting: it was answered, it expired or the agent stopped it. Nothing was changed.'],
  [/^not an answer to a/, 'The console did not take that answer. Choose again.'],
  [/not signed in/, 'You are signed out. Open the whole address that xcap showed when it started.'],
  [/own Origin/, 'The console takes changes only from its own page. Reload this page and try again.'],
  [/has no pending requests/, 'This console shows grants, tokens and the log only: it has no requests to answer.'],
  [/event streams/, 'Too many console tabs are open. Close one: this tab checks for news every 2 seconds meanwhile.'],
  [/not a token name/, 'That is not a token name: use 1 to 64 letters, digits, dots, dashes and underscores, starting with a letter or a digit.'],
  [/^no token named/, 'There is no token by that name any more.'],
  [/^a token named .* exists/, 'A token by that name exists already. Revoke it first, or choose another name.'],
  [/app must be an app id/, 'That grant could not be removed: its app or scope is not valid.'],
  [/a body of at most|too large/, 'That was too long for the console.'],
  [/no such photo/, 'That photo is no longer offered.'],
];

/**
 * An error of a console request as a sentence a person understands: no
 * HTTP status code, no file path, no command-line flag. `requestJson`
 * throws `<status>: <the server's error>`; a failed `fetch` (a TypeError) is
 * a console that cannot be reached.
 */
export function errorSentence(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof TypeError) return 'The console cannot be reached. Is xcap still running?';
  const [, status, text = message] = /^(\d{3}): ([\s\S]*)$/.exec(message) ?? [];
  for (const [pattern, sentence] of sentences) if (pattern.test(text)) return sentence;
  if (status !== undefined && status.startsWith('5')) return 'The console ran into a problem. Try again; if it goes on, restart xcap.';
  if (status === '404') return 'The console does not know that. Reload the page.';
  return 'Something went wrong. Try again.';
}
