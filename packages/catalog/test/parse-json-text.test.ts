import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonTextError, parseJsonText } from '../src/core.js';
import { findJsonSyntaxError } from '../src/find-json-syntax-error.js';

function failure(text: string): JsonTextError {
  try {
    parseJsonText(text);
  } catch (error) {
    if (error instanceof JsonTextError) return error;
    throw error;
  }
  throw new Error(`parsed: ${text}`);
}

const lines = (error: Error) => error.message.split('\n') as [string, string, string];

describe('parseJsonText', () => {
  it('parses JSON as JSON.parse does', () => {
    expect(parseJsonText('{"a": [1, "x", null, true, -0.5e+3, "\\u00e9\\n"]}')).toEqual({ a: [1, 'x', null, true, -500, 'é\n'] });
  });

  it('names the line and column of a syntax error, with the line and a caret under the column', () => {
    const error = failure('{\n  "a": 1,\n  "b" 2\n}\n');
    expect(error).toBeInstanceOf(SyntaxError);
    expect([error.line, error.column]).toEqual([3, 7]);
    expect(error.message).toBe("line 3, column 7: expected ':' after the property name, found '2'\n    \"b\" 2\n        ^");
  });

  it('counts from 1, and places an early end after the last character', () => {
    expect([failure('x').line, failure('x').column]).toEqual([1, 1]);
    const end = failure('{\n  "a": ');
    expect([end.line, end.column]).toEqual([2, 8]);
    expect(lines(end)[0]).toBe('line 2, column 8: unexpected end of the text');
    expect([failure('').line, failure('').column]).toEqual([1, 1]);
  });

  it('shows a window of a long (minified) line around the column, not the whole line', () => {
    const error = failure(`[${'1,'.repeat(50_000)}x]`);
    expect([error.line, error.column]).toEqual([1, 100_002]);
    const [, shown, caret] = lines(error);
    expect(shown.length).toBeLessThan(130);
    expect(shown).toMatch(/^ {2}…(1,)+x\]$/);
    expect(shown[caret.indexOf('^')]).toBe('x');
  });

  it('shows control and bidi characters as ?, quotes none of the text beyond one character, and keeps the caret in its column', () => {
    const error = failure('{"a":\t\u001b[2J\u202e}');
    const [first, shown, caret] = lines(error);
    expect(first).toBe('line 1, column 7: unexpected U+001B where a value should be');
    expect(shown).toBe('  {"a":??[2J?}');
    expect(shown[caret.indexOf('^')]).toBe('?');
  });

  it('strips the CR of a CRLF line and rethrows what is not a syntax error', () => {
    expect(failure('{\r\n  "a" 1\r\n}').message).toBe("line 2, column 7: expected ':' after the property name, found '1'\n    \"a\" 1\n        ^");
    const throwing = {
      toString: () => {
        throw new RangeError('no');
      },
    };
    expect(() => parseJsonText(throwing as unknown as string)).toThrow(RangeError);
  });
});

describe('findJsonSyntaxError', () => {
  it.each([
    ['[1,]', 3, "unexpected ']' where a value should be"],
    ['{"a":1,}', 7, "expected a property name in double quotes, found '}'"],
    ['{"a" 1}', 5, "expected ':' after the property name, found '1'"],
    ['[1 2]', 3, "expected ',' or ']', found '2'"],
    ['{"a":1 "b"}', 7, `expected ',' or '}', found '"'`],
    ['"a\\qb"', 3, "bad escape \\'q' in a string"],
    ['"\\u12G4"', 5, "expected a hex digit of a \\u escape, found 'G'"],
    ['"a\nb"', 2, 'U+000A inside a string (control characters must be escaped)'],
    ['"abc', 4, 'unexpected end of the text in a string (no closing ")'],
    ['-', 1, 'unexpected end of the text in a number (after -)'],
    ['1.', 2, "unexpected end of the text in a number (after '.')"],
    ['1.e5', 2, "expected a digit after '.', found 'e'"],
    ['1e+', 3, 'unexpected end of the text in a number (in the exponent)'],
    ['01', 1, "unexpected '1' after the end of the JSON value"],
    ['tru', 0, "unexpected 't' where a value should be"],
    ['{} {}', 3, "unexpected '{' after the end of the JSON value"],
    ['[[[', 3, 'unexpected end of the text'],
  ])('%j: at %i, %s', (text, position, problem) => {
    expect(() => JSON.parse(text)).toThrow(SyntaxError);
    expect(findJsonSyntaxError(text)).toEqual({ position, problem });
  });

  it('finds an error exactly when JSON.parse throws (valid JSON, and JSON with one character changed, inserted or dropped)', () => {
    const edited = fc
      .tuple(fc.json(), fc.nat(), fc.constantFrom('', ',', ':', '"', '\\', '{', '}', '[', ']', '-', '.', 'e', '0', 'u', ' ', '\n', '\u0001'), fc.boolean())
      .map(([json, at, ch, replace]) => {
        const i = json.length === 0 ? 0 : at % json.length;
        return json.slice(0, i) + ch + json.slice(replace ? i + 1 : i);
      });
    fc.assert(
      fc.property(fc.oneof(fc.json(), edited, fc.string()), (text) => {
        let parses = true;
        try {
          JSON.parse(text);
        } catch {
          parses = false;
        }
        expect(findJsonSyntaxError(text) === undefined).toBe(parses);
      }),
      { numRuns: 3000 },
    );
  });

  it('reads a nesting of any depth in one pass, without the call stack', () => {
    expect(findJsonSyntaxError(`${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`)).toBeUndefined();
    const unclosed = `${'{"a":'.repeat(200_000)}1${'}'.repeat(199_999)}`;
    expect(findJsonSyntaxError(unclosed)).toEqual({ position: unclosed.length, problem: 'unexpected end of the text' });
  });
});
