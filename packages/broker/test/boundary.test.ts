import { describe, expect, it } from 'vitest';
import type { ManifestEntry } from '@xcap/catalog';
import { agentToolList, brokerDecide, callUrlOrigin, consentSheet, parseToolName, validateManifest } from '../src/index.js';
import { catalog, variant } from './fixture.js';
import { timeRatio } from './timing.js';

const httpEntry: ManifestEntry = { id: 'http.fetch', why: 'Load rates.', origins: ['https://api.example.com'] };
const decide = (manifest: readonly ManifestEntry[], args: unknown) =>
  brokerDecide(catalog, {
    manifest,
    grants: { 'http.fetch': 'granted' },
    provided: ['http'],
    foreground: true,
    call: { from: 'agent', name: 'http__fetch', arguments: args },
  });

describe('only own properties count', () => {
  it('an inherited manifest id declares nothing', () => {
    const inherited = Object.create({ id: 'http.fetch' }) as ManifestEntry;
    Object.assign(inherited, { why: 'x', origins: ['https://api.example.com'] });
    expect(decide([inherited], { url: 'https://api.example.com/x' }).reason).toBe('notDeclared');
  });

  it('an inherited arguments.url is no url', () => {
    const args = Object.create({ url: 'https://api.example.com/x' }) as object;
    expect(decide([httpEntry], args).reason).toBe('originNotDeclared');
    expect(decide([httpEntry], { url: 'https://api.example.com/x' }).verdict).toBe('call');
  });

  it('an inherited origins list is no list', () => {
    const entry = Object.create({ origins: ['https://api.example.com'] }) as ManifestEntry;
    Object.assign(entry, { id: 'http.fetch', why: 'x' });
    expect(decide([entry], { url: 'https://api.example.com/x' }).reason).toBe('originNotDeclared');
  });

  it('a getter on arguments.url never runs', () => {
    let runs = 0;
    const args = {
      get url() {
        runs++;
        return 'https://api.example.com/x';
      },
    };
    expect(decide([httpEntry], args).reason).toBe('originNotDeclared');
    expect(runs).toBe(0);
  });
});

describe('URLs longer than 8,192 UTF-16 code units are never parsed (clarification 20)', () => {
  it('a call url of 8,193 units is originNotDeclared, one of 8,192 is compared', () => {
    const base = 'https://api.example.com/';
    expect(decide([httpEntry], { url: base + 'a'.repeat(8192 - base.length) }).verdict).toBe('call');
    expect(decide([httpEntry], { url: base + 'a'.repeat(8193 - base.length) }).reason).toBe('originNotDeclared');
    expect(callUrlOrigin(`https://${'ü'.repeat(1_000_000)}.com/`)).toBeNull();
  });

  it('an internationalised host of 20,000 characters costs no parse: one 8 times as long costs about the same, not 8 times', () => {
    const calls = (url: string) => () => {
      for (let i = 0; i < 200; i++) callUrlOrigin(url);
    };
    const url = (n: number) => `https://${'ü'.repeat(n)}.com/`;
    expect(timeRatio(calls(url(20_000)), calls(url(160_000)))).toBeLessThan(3);
  });
});

describe('tool names longer than 128 code points are unknown (clarification 21)', () => {
  it('even when the catalog has such a tool', () => {
    const long = 'x'.repeat(200);
    const odd = variant((doc) => {
      ((doc.capabilities[0] as { scopes: { tools: string[] }[] }).scopes[0] as { tools: string[] }).tools.push(long);
    });
    const capability = (odd.capabilities[0] as { name: string }).name;
    expect(parseToolName(odd, 'agent', `${capability}__${long}`)).toBeNull();
    expect(parseToolName(odd, 'ui', `${capability}_${long}`)).toBeNull();
    expect(
      brokerDecide(catalog, { manifest: [], grants: {}, provided: [], foreground: true, call: { from: 'agent', name: 'a'.repeat(129), arguments: {} } })
        .verdict,
    ).toBe('unknown');
  });
});

describe('every list the manifest controls costs linear time', () => {
  const entryWith = (n: number): ManifestEntry => ({
    id: 'http.fetch',
    why: 'Load.',
    origins: Array.from({ length: n }, (_, i) => `https://h${i}.example.com`),
  });

  it('consentSheet: 4n origins take about 4 times n, not 16 times', () => {
    const small = entryWith(4_000);
    const large = entryWith(16_000);
    expect(
      timeRatio(
        () => consentSheet(catalog, 'http.fetch', small),
        () => consentSheet(catalog, 'http.fetch', large),
      ),
    ).toBeLessThan(10);
  });

  it('consentSheet still lists each host once, in manifest order', () => {
    const entry: ManifestEntry = { id: 'http.fetch', why: 'Load.', origins: ['https://b.com', 'https://a.com', 'HTTPS://B.com:443', 'https://a.com'] };
    expect(consentSheet(catalog, 'http.fetch', entry).text).toBe('This app wants to connect to b.com and a.com. Load.');
  });

  const manifestOf = (n: number) => [...Array.from({ length: n }, (_, i) => ({ id: `x.y${i}`, why: 'z' })), httpEntry];
  const provided = Array.from({ length: 200 }, (_, i) => `cap${i}`).concat('http');
  const runs: [string, (manifest: ManifestEntry[]) => void][] = [
    ['validateManifest', (manifest) => validateManifest(catalog, manifest)],
    ['brokerDecide', (manifest) => decide(manifest, { url: 'https://api.example.com/' })],
    ['agentToolList', (manifest) => agentToolList(catalog, { manifest, provided })],
  ];
  for (const [name, run] of runs) {
    it(`${name}: 4n manifest entries take about 4 times n`, () => {
      const small = manifestOf(10_000);
      const large = manifestOf(40_000);
      expect(
        timeRatio(
          () => run(small),
          () => run(large),
        ),
      ).toBeLessThan(10);
    });
  }
});

describe('validateManifest reads each field once', () => {
  it('a getter id that changes after the check never reaches the manifest', () => {
    let reads = 0;
    const entry = {
      get id() {
        return reads++ === 0 ? 'photos.read' : 'shell.edit';
      },
      why: 'x',
    };
    const checked = validateManifest(catalog, [entry]);
    expect(checked.ok).toBe(false);
    expect(reads).toBe(0);
  });

  it('an origins array whose item changes after the check: the manifest keeps what was checked', () => {
    let reads = 0;
    const origins: string[] = [];
    Object.defineProperty(origins, 0, { get: () => (reads++ === 0 ? 'https://api.example.com' : 'https://evil.example'), enumerable: true });
    const checked = validateManifest(catalog, [{ id: 'http.fetch', why: 'x', origins }]);
    expect(checked).toEqual({ ok: false, errors: ['/0/origins/0: not a string'] });
  });
});
