/** How much of a line from a provider a log line quotes. */
export const quotedChars = 200;

/**
 * A provider's text made safe for a log line: control characters (other
 * than tab) written as `\uXXXX`, so a provider's output cannot draw on the
 * host's terminal; cut to `max` characters with `…`.
 */
export function printableLine(text: string, max = Infinity): string {
  const cut = text.length > max ? `${text.slice(0, max)}…` : text;
  return cut.replace(/[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
