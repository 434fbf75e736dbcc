import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ManifestEntry } from '@xcap/catalog';
import { brokerDecide, callUrlOrigin, normaliseManifestOrigin } from '../src/index.js';
import { catalog } from './fixture.js';

function fetchVerdict(origins: string[], url: unknown): string {
  const manifest: ManifestEntry[] = [{ id: 'http.fetch', why: 'x', origins }];
  const verdict = brokerDecide(catalog, {
    manifest,
    grants: { 'http.fetch': 'granted' },
    provided: ['http'],
    foreground: true,
    call: { from: 'agent', name: 'http__fetch', arguments: { url } },
  });
  return verdict.reason ?? verdict.verdict;
}

describe('a call url against the manifest origins (clarification 11)', () => {
  const declared = ['https://api.example.com'];
  const cases: [string, unknown, string][] = [
    ['the same origin with a path and query', 'https://api.example.com/v1/rates?base=EUR#x', 'call'],
    ['an uppercase host and scheme', 'HTTPS://API.EXAMPLE.COM/v1', 'call'],
    ['the explicit default port', 'https://api.example.com:443/v1', 'call'],
    ['userinfo is ignored', 'https://user:secret@api.example.com/v1', 'call'],
    ['another port', 'https://api.example.com:8443/v1', 'originNotDeclared'],
    ['http instead of https', 'http://api.example.com/v1', 'originNotDeclared'],
    ['a subdomain', 'https://x.api.example.com/', 'originNotDeclared'],
    ['a parent domain', 'https://example.com/', 'originNotDeclared'],
    ['a look-alike suffix', 'https://api.example.com.evil.net/', 'originNotDeclared'],
    ['userinfo that looks like the host', 'https://api.example.com@evil.net/', 'originNotDeclared'],
    ['a trailing dot is another WHATWG origin', 'https://api.example.com./v1', 'originNotDeclared'],
    ['a non-http scheme', 'ftp://api.example.com/', 'originNotDeclared'],
    ['a javascript: url', 'javascript:alert(1)', 'originNotDeclared'],
    ['a relative url', '/v1/rates', 'originNotDeclared'],
    ['an unparsable url', 'https://api example.com/', 'originNotDeclared'],
    ['an empty string', '', 'originNotDeclared'],
    ['a number', 42, 'originNotDeclared'],
    ['an object with an href', { href: 'https://api.example.com/' }, 'originNotDeclared'],
    ['null', null, 'originNotDeclared'],
    ['absent', undefined, 'originNotDeclared'],
  ];
  for (const [name, url, expected] of cases) {
    it(name, () => {
      expect(fetchVerdict(declared, url)).toBe(expected);
    });
  }
  it('IPv6 hosts compare by their normalised form', () => {
    expect(fetchVerdict(['https://[::1]:8443'], 'https://[0:0:0:0:0:0:0:1]:8443/x')).toBe('call');
    expect(fetchVerdict(['https://[0:0:0:0:0:0:0:1]:8443'], 'https://[::1]:8443/x')).toBe('call');
    expect(fetchVerdict(['https://[::1]:8443'], 'https://[::2]:8443/x')).toBe('originNotDeclared');
  });
  it('the manifest side is normalised the same way (uppercase host, explicit default port)', () => {
    expect(fetchVerdict(['https://API.Example.com:443'], 'https://api.example.com/x')).toBe('call');
  });
  it('a non-default port on the manifest must match the call', () => {
    expect(fetchVerdict(['https://api.example.com:8443'], 'https://api.example.com:8443/x')).toBe('call');
    expect(fetchVerdict(['https://api.example.com:8443'], 'https://api.example.com/x')).toBe('originNotDeclared');
  });
  it('a manifest origin that is not exact (a path, http) matches nothing', () => {
    expect(fetchVerdict(['https://api.example.com/'], 'https://api.example.com/x')).toBe('originNotDeclared');
    expect(fetchVerdict(['http://api.example.com'], 'http://api.example.com/x')).toBe('originNotDeclared');
  });
  it('any one of several origins suffices', () => {
    expect(fetchVerdict(['https://a.example', 'https://b.example'], 'https://b.example/x')).toBe('call');
  });
  it('an IDN host matches its punycode form', () => {
    expect(fetchVerdict(['https://xn--bcher-kva.example'], 'https://bücher.example/')).toBe('call');
  });
});

describe('normaliseManifestOrigin', () => {
  it('normalises exact origins', () => {
    expect(normaliseManifestOrigin('https://api.example.com')).toBe('https://api.example.com');
    expect(normaliseManifestOrigin('HTTPS://API.Example.COM:443')).toBe('https://api.example.com');
    expect(normaliseManifestOrigin('https://api.example.com:8443')).toBe('https://api.example.com:8443');
    expect(normaliseManifestOrigin('https://[::1]')).toBe('https://[::1]');
  });
  for (const bad of [
    'http://api.example.com',
    'https://api.example.com/',
    'https://api.example.com/v1',
    'https://u@api.example.com',
    'https://api.example.com?x',
    'https://api.example.com#x',
    'https://',
    'https://api.example.com:',
    'https://api.example.com:65536',
    ' https://api.example.com',
    'https://api.example.com ',
    'https:api.example.com',
    'https://a.123',
    'https://ex%41mple.com',
    'api.example.com',
  ]) {
    it(`refuses ${JSON.stringify(bad)}`, () => {
      expect(normaliseManifestOrigin(bad)).toBeNull();
    });
  }
  it('refuses non-strings', () => {
    expect(normaliseManifestOrigin(42)).toBeNull();
  });
});

describe('callUrlOrigin', () => {
  it('answers the WHATWG origin of http(s) urls only', () => {
    expect(callUrlOrigin('http://Example.com:80/x')).toBe('http://example.com');
    expect(callUrlOrigin('file:///etc/passwd')).toBeNull();
    expect(callUrlOrigin('data:text/plain,x')).toBeNull();
  });
});

describe('callUrlOrigin agrees with the WHATWG parser (the fast path included)', () => {
  const whatwg = (url: string): string | null => {
    try {
      const parsed = new URL(url);
      return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
    } catch {
      return null;
    }
  };
  const piece = <T>(...values: T[]) => fc.constantFrom(...values);
  const label = fc.oneof(
    fc.stringMatching(/^[a-z0-9-]{1,8}$/),
    piece('0x7f', '0x', '0X1', '09', '123', '1', 'xn--bcher-kva', 'xn--', 'xn--zz', 'API', 'é', '', '-'),
  );
  const url = fc
    .tuple(
      piece('http', 'https', 'HTTPS', 'Http', 'ftp', 'ws'),
      piece('://', ':/', ':', ':\\\\', '://user:pw@', '://@'),
      fc.array(label, { minLength: 1, maxLength: 4 }),
      piece('', ':443', ':80', ':0443', ':8080', ':65535', ':65536', ':99999', ':', ':1a', ':00080'),
      piece('', '/', '/x?y#z', '?q', '#f', '\\x', ' ', '\t', '/a b', '@evil.net', '.', '..', '%2e', '/%zz'),
    )
    .map(([scheme, separator, labels, port, rest]) => `${scheme}${separator}${labels.join('.')}${port}${rest}`);
  it('for generated urls', () => {
    fc.assert(
      fc.property(url, (u) => {
        expect(callUrlOrigin(u)).toBe(whatwg(u));
      }),
      { numRuns: 5000 },
    );
  });
  it('for arbitrary web urls and strings', () => {
    fc.assert(
      fc.property(fc.oneof(fc.webUrl({ withQueryParameters: true, withFragments: true }), fc.string()), (u) => {
        expect(callUrlOrigin(u)).toBe(whatwg(u));
      }),
      { numRuns: 2000 },
    );
  });
  it('for the tricky hosts', () => {
    for (const u of [
      'https://0x7f.1/',
      'https://1.2.3/',
      'https://a.09/',
      'https://a.0x/',
      'https://xn--/',
      'https://a.xn--bcher-kva/',
      'https://a.com:0443/',
      'http://a.com:0080',
      'https://a-.-b/',
      'https://a.1b/',
    ]) {
      expect(callUrlOrigin(u)).toBe(whatwg(u));
    }
  });
});
