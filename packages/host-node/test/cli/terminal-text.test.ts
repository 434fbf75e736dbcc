import { describe, expect, it } from 'vitest';
import { terminalText } from '../../src/terminal-text.js';

/** Every code point a terminal acts on (C0, DEL, C1, bidi controls and marks, line/paragraph separators) or cannot show (lone surrogates). */
const unsafe =
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

describe('terminalText', () => {
  it.each([
    ['\u001b[2J', '\\x1b[2J'],
    ['\u0007', '\\x07'],
    ['a\rb\nc\td', 'a\\rb\\nc\\td'],
    ['\u0000', '\\x00'],
    ['\u007f', '\\x7f'],
    ['\u009b31m', '\\x9b31m'],
    ['\u0085', '\\x85'],
    ['abc\u202edcba', 'abc\\u202edcba'],
    ['\u202a\u202b\u202c\u202d', '\\u202a\\u202b\\u202c\\u202d'],
    ['\u2066x\u2067y\u2068z\u2069', '\\u2066x\\u2067y\\u2068z\\u2069'],
    ['left\u200eright\u200f', 'left\\u200eright\\u200f'],
    ['arabic \u061c mark', 'arabic \\u061c mark'],
    ['line\u2028para\u2029end', 'line\\u2028para\\u2029end'],
    ['lone \ud800 high', 'lone \\ud800 high'],
    ['lone \udc00 low', 'lone \\udc00 low'],
    ['\udc00\ud800', '\\udc00\\ud800'],
  ])('%j → %j', (text, shown) => {
    expect(terminalText(text)).toBe(shown);
  });

  it('keeps printable text, non-ASCII, emoji (surrogate pairs), box drawing and backslashes as they are', () => {
    const text = 'Photos — app acme.album ü 日本 😀 ─│ C:\\x1b \u00a0\u200b\u2027\u202f';
    expect(terminalText(text)).toBe(text);
  });

  it('leaves no unsafe code point in any string of the first 0x3000 code points and of surrogate mixes', () => {
    let all = '';
    for (let c = 0; c < 0x3000; c += 1) all += String.fromCharCode(c);
    all += '\ud83d\ude00\ud83d\ud83d\ude00\ude00';
    const shown = terminalText(all);
    expect(shown).not.toMatch(unsafe);
    expect(shown).toContain('\ud83d\ude00');
    expect(terminalText(shown)).toBe(shown);
  });
});
