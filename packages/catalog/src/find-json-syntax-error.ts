/** Where a text stops being JSON, and what is wrong there. */
export interface JsonSyntaxProblem {
  /** The offset (UTF-16 code units) of the first character that breaks the grammar, or the text's length when it ends too early. */
  readonly position: number;
  /** What is wrong, in words that quote at most one character of the text (a printable ASCII one, else its code point). */
  readonly problem: string;
}

type Expect = 'value' | 'valueOrClose' | 'key' | 'keyOrClose' | 'colon' | 'commaOrClose' | 'end';

const isWhitespace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const isHex = (c: number) => isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);

/** One character as a message may quote it: `'x'` when printable ASCII, else `U+001B`. */
function shown(text: string, at: number): string {
  const c = text.charCodeAt(at);
  return c >= 0x21 && c <= 0x7e ? `'${text[at] as string}'` : `U+${c.toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * The first place where `text` breaks the JSON grammar (RFC 8259), or
 * `undefined` for valid JSON: one pass, no recursion (a nesting of any
 * depth costs a stack of brackets, not the call stack), and words of its
 * own, so the result is the same on every Node version and never repeats
 * the text beyond one character.
 */
export function findJsonSyntaxError(text: string): JsonSyntaxProblem | undefined {
  const closers: number[] = [];
  let expect: Expect = 'value';
  let i = 0;
  const fail = (position: number, problem: string): JsonSyntaxProblem => ({ position, problem });
  const afterValue = (): Expect => (closers.length === 0 ? 'end' : 'commaOrClose');
  for (;;) {
    while (i < text.length && isWhitespace(text.charCodeAt(i))) i++;
    if (i >= text.length) return expect === 'end' ? undefined : fail(text.length, 'unexpected end of the text');
    const c = text.charCodeAt(i);
    if (expect === 'end') return fail(i, `unexpected ${shown(text, i)} after the end of the JSON value`);
    if (expect === 'colon') {
      if (c !== 0x3a) return fail(i, `expected ':' after the property name, found ${shown(text, i)}`);
      i++;
      expect = 'value';
      continue;
    }
    if (expect === 'commaOrClose') {
      const closer = closers[closers.length - 1] as number;
      if (c === 0x2c) {
        i++;
        expect = closer === 0x7d ? 'key' : 'value';
      } else if (c === closer) {
        i++;
        closers.pop();
        expect = afterValue();
      } else return fail(i, `expected ',' or '${String.fromCharCode(closer)}', found ${shown(text, i)}`);
      continue;
    }
    if (expect === 'key' || expect === 'keyOrClose') {
      if (expect === 'keyOrClose' && c === 0x7d) {
        i++;
        closers.pop();
        expect = afterValue();
        continue;
      }
      if (c !== 0x22) return fail(i, `expected a property name in double quotes, found ${shown(text, i)}`);
      const end = scanString(text, i);
      if (typeof end !== 'number') return end;
      i = end;
      expect = 'colon';
      continue;
    }
    // A value (or, right after '[', the array's end).
    if (expect === 'valueOrClose' && c === 0x5d) {
      i++;
      closers.pop();
      expect = afterValue();
      continue;
    }
    if (c === 0x7b || c === 0x5b) {
      closers.push(c === 0x7b ? 0x7d : 0x5d);
      i++;
      expect = c === 0x7b ? 'keyOrClose' : 'valueOrClose';
      continue;
    }
    let end: number | JsonSyntaxProblem;
    if (c === 0x22) end = scanString(text, i);
    else if (c === 0x2d || isDigit(c)) end = scanNumber(text, i);
    else {
      const literal = ['true', 'false', 'null'].find((word) => text.startsWith(word, i));
      if (literal === undefined) return fail(i, `unexpected ${shown(text, i)} where a value should be`);
      end = i + literal.length;
    }
    if (typeof end !== 'number') return end;
    i = end;
    expect = afterValue();
  }
}

/** The offset after the string starting at `start` (a `"`), or its problem. */
function scanString(text: string, start: number): number | JsonSyntaxProblem {
  for (let j = start + 1; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === 0x22) return j + 1;
    if (c < 0x20) return { position: j, problem: `${shown(text, j)} inside a string (control characters must be escaped)` };
    if (c !== 0x5c) continue;
    if (j + 1 >= text.length) return { position: text.length, problem: 'unexpected end of the text in a string' };
    const escaped = text.charAt(j + 1);
    if (escaped === 'u') {
      for (let k = j + 2; k < j + 6; k++) {
        if (k >= text.length) return { position: text.length, problem: 'unexpected end of the text in a \\u escape' };
        if (!isHex(text.charCodeAt(k))) return { position: k, problem: `expected a hex digit of a \\u escape, found ${shown(text, k)}` };
      }
      j += 5;
    } else if ('"\\/bfnrt'.includes(escaped)) j += 1;
    else return { position: j + 1, problem: `bad escape \\${shown(text, j + 1)} in a string` };
  }
  return { position: text.length, problem: 'unexpected end of the text in a string (no closing ")' };
}

/** The offset after the number starting at `start` (`-` or a digit), or its problem. */
function scanNumber(text: string, start: number): number | JsonSyntaxProblem {
  let j = start;
  const digitAt = (k: number) => k < text.length && isDigit(text.charCodeAt(k));
  const needDigit = (k: number, where: string): JsonSyntaxProblem =>
    k >= text.length
      ? { position: k, problem: `unexpected end of the text in a number (${where})` }
      : { position: k, problem: `expected a digit ${where}, found ${shown(text, k)}` };
  if (text.charCodeAt(j) === 0x2d) j++;
  if (!digitAt(j)) return needDigit(j, 'after -');
  if (text.charCodeAt(j) === 0x30) j++;
  else while (digitAt(j)) j++;
  if (text.charCodeAt(j) === 0x2e) {
    j++;
    if (!digitAt(j)) return needDigit(j, "after '.'");
    while (digitAt(j)) j++;
  }
  const e = text.charCodeAt(j);
  if (e === 0x65 || e === 0x45) {
    j++;
    const sign = text.charCodeAt(j);
    if (sign === 0x2b || sign === 0x2d) j++;
    if (!digitAt(j)) return needDigit(j, 'in the exponent');
    while (digitAt(j)) j++;
  }
  return j;
}
