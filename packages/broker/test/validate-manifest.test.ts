import { describe, expect, it } from 'vitest';
import { maxWhyLength, validateManifest } from '../src/index.js';
import { catalog, variant } from './fixture.js';

function errorsOf(entries: unknown): string[] {
  const result = validateManifest(catalog, entries);
  return result.ok ? [] : result.errors;
}

const http = { id: 'http.fetch', why: 'Load rates.', origins: ['https://api.example.com'] };

describe('validateManifest: valid manifests', () => {
  it('accepts an empty manifest', () => {
    expect(validateManifest(catalog, [])).toEqual({ ok: true, manifest: [] });
  });
  it('accepts every app scope of the catalog and returns fresh copies', () => {
    const entries = [{ id: 'photos.read', why: 'Pick photos.' }, http, { id: 'windows.read', why: 'Show windows.' }];
    const result = validateManifest(catalog, entries);
    expect(result).toEqual({ ok: true, manifest: entries });
    if (!result.ok) return;
    expect(result.manifest[1]).not.toBe(entries[1]);
    expect(result.manifest[1]?.origins).not.toBe(http.origins);
  });
  it('accepts a why of exactly the maximum length in code points (astral characters count once)', () => {
    expect(errorsOf([{ id: 'photos.read', why: '😀'.repeat(maxWhyLength) }])).toEqual([]);
  });
  it('accepts several origins, ports and IPv6', () => {
    expect(errorsOf([{ ...http, origins: ['https://a.example', 'https://a.example:8443', 'https://[::1]'] }])).toEqual([]);
  });
});

describe('validateManifest: one rule each', () => {
  const rules: [string, unknown, string[]][] = [
    ['not an array', { id: 'photos.read' }, ['/: not an array']],
    ['an entry that is not an object', [null], ['/0: not an object']],
    ['an entry that is an array', [[]], ['/0: not an object']],
    ['a missing id', [{ why: 'x' }], ['/0: missing key "id"']],
    ['a missing why', [{ id: 'photos.read' }], ['/0: missing key "why"']],
    ['an unknown key', [{ id: 'photos.read', why: 'x', foo: 1 }], ['/0: unknown key "foo"']],
    ['an id that is not a string', [{ id: 7, why: 'x' }], ['/0/id: not a string']],
    ['an id off the scopePattern', [{ id: 'Photos.Read', why: 'x' }], ['/0/id: does not match scopePattern']],
    ['an id without a dot', [{ id: 'photos', why: 'x' }], ['/0/id: does not match scopePattern']],
    ['an id naming no scope', [{ id: 'photos.write', why: 'x' }], ['/0/id: no scope "photos.write" in the catalog']],
    ['a host-only scope', [{ id: 'shell.edit', why: 'x' }], ['/0/id: "shell.edit" is host-only, never an app\'s']],
    [
      'a duplicate id',
      [
        { id: 'photos.read', why: 'x' },
        { id: 'photos.read', why: 'y' },
      ],
      ['/1/id: duplicate of /0/id'],
    ],
    ['a why that is not a string', [{ id: 'photos.read', why: ['x'] }], ['/0/why: not a string']],
    ['an empty why', [{ id: 'photos.read', why: '' }], ['/0/why: empty']],
    ['a blank why', [{ id: 'photos.read', why: ' \n\t' }], ['/0/why: empty']],
    ['a why that is too long', [{ id: 'photos.read', why: 'x'.repeat(maxWhyLength + 1) }], [`/0/why: longer than ${maxWhyLength} code points`]],
    ['origins missing on an origins scope', [{ id: 'http.fetch', why: 'x' }], ['/0: missing key "origins" (the scope requires origins)']],
    [
      'origins on a scope without origins',
      [{ id: 'photos.read', why: 'x', origins: ['https://a.example'] }],
      ['/0/origins: not allowed: the scope has no origins'],
    ],
    ['origins not an array', [{ ...http, origins: 'https://a.example' }], ['/0/origins: not an array']],
    ['empty origins', [{ ...http, origins: [] }], ['/0/origins: empty']],
    ['an origin that is not a string', [{ ...http, origins: [1] }], ['/0/origins/0: not a string']],
    ['an origin with a path', [{ ...http, origins: ['https://a.example/v1'] }], ['/0/origins/0: not an exact https origin']],
    ['an origin with a trailing slash', [{ ...http, origins: ['https://a.example/'] }], ['/0/origins/0: not an exact https origin']],
    ['an http origin', [{ ...http, origins: ['http://a.example'] }], ['/0/origins/0: not an exact https origin']],
    ['an origin with userinfo', [{ ...http, origins: ['https://me@a.example'] }], ['/0/origins/0: not an exact https origin']],
    ['an origin with a query', [{ ...http, origins: ['https://a.example?x=1'] }], ['/0/origins/0: not an exact https origin']],
    ['an origin with a bad port', [{ ...http, origins: ['https://a.example:99999'] }], ['/0/origins/0: not an exact https origin']],
    ['a duplicate origin', [{ ...http, origins: ['https://a.example', 'https://a.example'] }], ['/0/origins/1: duplicate of /0/origins/0']],
    [
      'a duplicate origin after normalisation',
      [{ ...http, origins: ['https://a.example', 'HTTPS://A.EXAMPLE:443'] }],
      ['/0/origins/1: duplicate of /0/origins/0'],
    ],
  ];
  for (const [name, entries, expected] of rules) {
    it(name, () => {
      expect(errorsOf(entries)).toEqual(expected);
    });
  }
  it('an unknown key named like a prototype property is reported verbatim', () => {
    expect(errorsOf(JSON.parse('[{"id":"photos.read","why":"x","__proto__":{}}]'))).toEqual(['/0: unknown key "__proto__"']);
  });
});

describe('validateManifest: every problem at once', () => {
  it("reports each entry's problems in order with their pointers", () => {
    const entries = [
      { id: 'photos.read', why: 'Pick photos.' },
      { id: 'shell.edit', why: '', extra: true },
      { id: 'http.fetch', why: 'Rates.', origins: ['https://a.example/', 'https://b.example', 'https://B.example', 5] },
      'camera.capture',
      { id: 'photos.read' },
    ];
    expect(errorsOf(entries)).toEqual([
      '/1: unknown key "extra"',
      '/1/id: "shell.edit" is host-only, never an app\'s',
      '/1/why: empty',
      '/2/origins/0: not an exact https origin',
      '/2/origins/2: duplicate of /2/origins/1',
      '/2/origins/3: not a string',
      '/3: not an object',
      '/4: missing key "why"',
      '/4/id: duplicate of /0/id',
    ]);
  });
  it('checks the shape of origins even when the id names no scope', () => {
    expect(errorsOf([{ id: 'nope.nope', why: 'x', origins: ['ftp://x'] }])).toEqual([
      '/0/id: no scope "nope.nope" in the catalog',
      '/0/origins/0: not an exact https origin',
    ]);
  });
  it('follows the catalog it is given: a changed scopePattern', () => {
    const strict = variant((doc) => {
      doc.scopePattern = '^photos\\.[a-z]+$';
    });
    expect(validateManifest(strict, [{ id: 'share.send', why: 'x' }])).toEqual({ ok: false, errors: ['/0/id: does not match scopePattern'] });
  });
});
