import { findJsonSyntaxError } from './find-json-syntax-error.js';
import { JsonTextError } from './json-text-error.js';

/** How much of the offending line is shown on each side of the column. */
const excerptReach = 60;

/** Characters an excerpt shows as `?`: C0 and C1 controls, line and paragraph separators, bidi marks, embeddings and isolates. */
const unsafe = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * `JSON.parse(text)`, but text that is not JSON is a `JsonTextError` naming
 * the line and column (`findJsonSyntaxError`), with the offending line and a
 * caret — instead of a position in a file of 100 KB. Every reader of a
 * catalog or a manifest uses it. The excerpt shows control and bidi
 * characters as `?`, so a hostile file cannot drive the terminal it is
 * printed on.
 */
export function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    const found = findJsonSyntaxError(text) ?? { position: text.length, problem: 'not JSON' };
    throw locate(text, found.position, found.problem);
  }
}

function locate(text: string, position: number, problem: string): JsonTextError {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < position; i = text.indexOf('\n', i + 1)) {
    line++;
    start = i + 1;
  }
  const endOfLine = text.indexOf('\n', start);
  const lineText = text.slice(start, endOfLine === -1 ? text.length : endOfLine).replace(/\r$/, '');
  const column = position - start + 1;
  const from = Math.max(0, column - 1 - excerptReach);
  const to = Math.min(lineText.length, column - 1 + excerptReach);
  const before = from > 0 ? '…' : '';
  const shown = `${before}${lineText.slice(from, to)}${to < lineText.length ? '…' : ''}`.replace(unsafe, '?');
  const caret = `${' '.repeat(before.length + column - 1 - from)}^`;
  return new JsonTextError(problem, line, column, `  ${shown}\n  ${caret}`);
}
