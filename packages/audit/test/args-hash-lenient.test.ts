import { describe, expect, it } from 'vitest';
import { argsHash, canonicalJson } from '../src/index.js';

describe('argsHash on hostile but valid JSON', () => {
  it('hashes a lone surrogate as its \\u escape instead of refusing the row', () => {
    const args = JSON.parse('{"title":"\\ud800x"}');
    expect(() => canonicalJson(args)).toThrow(/lone surrogate/);
    expect(canonicalJson(args, { loneSurrogates: 'escape' })).toBe('{"title":"\\ud800x"}');
    expect(argsHash(args)).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(argsHash(args)).not.toBe(argsHash({ title: 'x' }));
    expect(argsHash(JSON.parse('{"t":"\\udc00"}'))).not.toBe(argsHash(JSON.parse('{"t":"\\ud800"}')));
  });

  it('does not leak the lenient mode into the next strict call', () => {
    argsHash({ a: '\ud800' });
    expect(() => canonicalJson('\ud800')).toThrow(/lone surrogate/);
  });
});

describe('the member-name cache', () => {
  it('keeps a lone-surrogate key hashed leniently from passing a later strict call', () => {
    argsHash({ ['k\udead']: 1 });
    expect(() => canonicalJson({ ['k\udead']: 1 })).toThrow(/lone surrogate/);
  });
});
