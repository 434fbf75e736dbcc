/** The code points `terminalText` escapes: C0, DEL, C1, the bidi marks/embeddings/overrides/isolates, the line and paragraph separators and lone surrogates. */
const unsafe =
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const named: Readonly<Record<string, string>> = { '\t': '\\t', '\n': '\\n', '\r': '\\r' };

function escape(char: string): string {
  const code = char.charCodeAt(0);
  return named[char] ?? (code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`);
}

/**
 * Text as it may be shown to a person on a terminal: every code point a
 * terminal would act on instead of showing is replaced by a visible
 * JavaScript-style escape, so agent-, manifest- or file-supplied text can
 * never move the cursor, clear the screen, set the window title, hide what
 * is typed, end a line or reorder what is shown. Applying it twice gives
 * the same text as once.
 *
 * - C0 controls U+0000–U+001F: `\t`, `\n`, `\r` for tab, line feed and
 *   carriage return, `\xhh` (two lowercase hex digits) for the others
 *   (`\x1b` ESC, `\x07` BEL, `\x00` NUL);
 * - DEL U+007F and the C1 controls U+0080–U+009F: `\x7f`, `\x9b` (CSI), …;
 * - the bidi marks U+200E (LRM), U+200F (RLM) and U+061C (ALM), the
 *   embeddings and overrides U+202A–U+202E and the isolates U+2066–U+2069:
 *   `\u202e`, … (four lowercase hex digits);
 * - the line and paragraph separators U+2028 and U+2029 (`\u2028`), which
 *   some terminals and log viewers take as line ends;
 * - a lone surrogate (not half of a pair): `\ud800`, … (a terminal would
 *   show U+FFFD, hiding what was there).
 *
 * Everything else (other non-ASCII text, emoji, the backslash itself) is
 * kept as it is: a backslash is not doubled, so `\x1b` on screen may also
 * be those four characters typed literally — the `--json` outputs, which
 * are never escaped this way, tell the two apart.
 */
export function terminalText(text: string): string {
  return text.replace(unsafe, escape);
}
