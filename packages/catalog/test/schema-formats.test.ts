/** The format rules of clarification 10 and the code-point length of clarification 12. */
import { describe, expect, it } from 'vitest';
import { codePointLength, isBase64, isDateTime, isToken, isUri } from '../src/schema/index.js';
import { validators } from '../src/index.js';

const table = (fn: (s: string) => boolean, good: readonly string[], bad: readonly string[]) => {
  for (const s of good) it(`accepts ${JSON.stringify(s)}`, () => expect(fn(s)).toBe(true));
  for (const s of bad) it(`refuses ${JSON.stringify(s)}`, () => expect(fn(s)).toBe(false));
};

describe('isDateTime (RFC 3339 §5.6)', () => {
  table(
    isDateTime,
    [
      '2026-11-07T09:00:00+01:00',
      '2024-02-29T00:00:00Z', // leap year
      '2000-02-29T00:00:00Z', // divisible by 400
      '0000-02-29T00:00:00Z', // year 0 is divisible by 400
      '9999-12-31T23:59:59Z',
      '2024-01-31T00:00:00Z',
      '2024-04-30T00:00:00Z',
      '2024-01-01T10:00:00+23:59',
      '2024-01-01T10:00:00-00:00',
      '2024-01-01T10:00:60Z', // second 60 at any minute
      '2024-12-31T23:59:60Z',
      '2024-01-01T10:00:00.5Z',
      '2024-01-01T10:00:00.123456789+05:30',
      '2024-01-01t10:00:00z', // lowercase t and z
      '2024-01-01T10:00:00z',
    ],
    [
      '2023-02-29T00:00:00Z',
      '1900-02-29T00:00:00Z', // divisible by 100, not by 400
      '2024-02-30T00:00:00Z',
      '2024-04-31T00:00:00Z',
      '2024-06-31T00:00:00Z',
      '2024-00-10T00:00:00Z',
      '2024-13-10T00:00:00Z',
      '2024-01-00T00:00:00Z',
      '2024-01-32T00:00:00Z',
      '2024-01-01T24:00:00Z',
      '2024-01-01T23:60:00Z',
      '2024-01-01T23:59:61Z',
      '2024-01-01T10:00:00+24:00',
      '2024-01-01T10:00:00+23:60',
      '2024-01-01T10:00:00+0100',
      '2024-01-01T10:00:00+01',
      '2024-01-01T10:00:00', // missing zone
      '2024-01-01T10:00:00.Z', // fraction without digits
      '2024-01-01T10:00:00.5', // fraction, missing zone
      '2024-01-01 10:00:00Z', // space separator
      '2024-01-01T10:00Z', // no seconds
      '2024-01-01',
      '24-01-01T10:00:00Z',
      '2024-1-01T10:00:00Z',
      '２０２４-01-01T10:00:00Z', // full-width digits
      ' 2024-01-01T10:00:00Z',
      '2024-01-01T10:00:00Z ',
      '2024-01-01T10:00:00ZZ',
      '2024-01-01T10:00:00+01:00x',
      'tomorrow',
      '',
    ],
  );
});

describe('isToken', () => {
  table(isToken, ['w3', 'a', 'A.b_c-9', 'x'.repeat(64)], ['', 'x'.repeat(65), 'has space', 'a/b', 'é', 'a:b', 'a\n', '😀']);
});

describe('isUri (absolute http/https, WHATWG, no whitespace or controls)', () => {
  table(
    isUri,
    [
      'https://example.com/a?b=1',
      'HTTPS://x',
      'Http://x',
      'http://127.0.0.1:8080/p',
      'https://[::1]/',
      'https://user:pw@example.com',
      'https://exämple.com/ü', // WHATWG accepts non-ASCII (IDNA, percent-encoding)
    ],
    [
      'https://',
      'https:',
      'https:x', // WHATWG reads it as https://x/, but an absolute URL spells its authority with //
      'https:\\\\x', // likewise with backslashes
      'http://a b',
      'mailto:',
      'mailto:a@b.c',
      'ftp://example.com/x',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'example.com',
      '//example.com',
      '/relative',
      'https://exa\u0000mple.com',
      'https://example.com/\u0001',
      'https://example.com/\u007f',
      'https://example.com/\ta',
      ' https://example.com',
      'https://example.com\n',
      'https://x:99999/',
      'https://1.2.3.256/',
      'https://a|b/',
      '',
    ],
  );
});

describe('isUri: a URL longer than 8,192 UTF-16 code units is never parsed (clarification 20)', () => {
  const base = 'https://example.com/';
  it('accepts 8,192 units and refuses 8,193', () => {
    expect(isUri(base + 'a'.repeat(8_192 - base.length))).toBe(true);
    expect(isUri(base + 'a'.repeat(8_193 - base.length))).toBe(false);
  });
  it('refuses a 1,000,000-character internationalised host at once', () => {
    const start = performance.now();
    expect(isUri(`https://${'ü'.repeat(1_000_000)}.com/`)).toBe(false);
    expect(performance.now() - start).toBeLessThan(1_000);
  });
  it('the generated validator answers /url format for share_send', () => {
    expect(validators.share_send({ url: base + 'a'.repeat(8_193 - base.length) })).toEqual({ error: 'invalidParams: /url format' });
  });
});

describe('isBase64 (standard alphabet, padded, no whitespace)', () => {
  table(
    isBase64,
    ['', 'aGk=', 'aGVsbG8=', 'aGVsbA==', 'AAAA', '+/+/', 'QUJD'],
    ['aGk', 'a b', '====', 'a===', '=aGk', 'aGk==', 'aG-_', 'aGk=\n', ' aGk=', 'aG=k', 'aGk=aGk=', 'é123', 'A'],
  );
});

describe('codePointLength', () => {
  it('counts an astral character once', () => {
    expect(codePointLength('😀')).toBe(1);
    expect('😀'.length).toBe(2);
    expect(codePointLength('a😀b')).toBe(3);
    expect(codePointLength('😀😀😀')).toBe(3);
  });
  it('counts BMP characters, combining marks and the empty string as JavaScript iterates them', () => {
    for (const s of ['', 'abc', 'Zoë', 'e\u0301', '中文', '👍🏽', '\u00a0']) expect(codePointLength(s)).toBe([...s].length);
  });
  it('counts a lone surrogate as one', () => {
    expect(codePointLength('\ud800')).toBe(1);
    expect(codePointLength('\udc00a')).toBe(2);
    expect(codePointLength('a\ud800')).toBe(2);
    expect(codePointLength('\udc00\ud800')).toBe(2);
  });
});
