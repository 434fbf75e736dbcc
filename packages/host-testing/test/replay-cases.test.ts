import { describe, it, expect } from 'vitest';
import { replayCases, sameJson, failureLine } from '../src/index.js';
import { fixtureCaseCount, fixtureDoc } from './fixture.js';
import { CatalogError } from '@xcap/catalog/core';
import { errorOf } from '@xcap/test-support';

const total = fixtureCaseCount();

/** Replays a corrupted copy and answers the failing cases as `kind[index]`. */
async function failing(corrupt: (doc: Record<string, any>) => void): Promise<string[]> {
  const doc = fixtureDoc();
  corrupt(doc);
  const report = await replayCases(doc);
  expect(report.passed + report.failed).toBe(total);
  return report.failures.map((f) => `${f.kind}[${f.index}]`);
}

/** Swaps the first two keys of an object (same data, another key order). */
function swapFirstKeys(object: Record<string, unknown>): Record<string, unknown> {
  const [a, b, ...rest] = Object.keys(object);
  const out: Record<string, unknown> = { [b!]: object[b!], [a!]: object[a!] };
  for (const key of rest) out[key] = object[key];
  return out;
}

describe('replayCases on the fixture', () => {
  it(`passes all ${total} cases`, async () => {
    const report = await replayCases(fixtureDoc());
    expect(report.failures).toEqual([]);
    expect(report).toMatchObject({ passed: total, failed: 0, failures: [] });
    expect(report.cases).toHaveLength(total);
    expect(report.cases.every((c) => c.pass)).toBe(true);
    expect(report.cases[0]).toEqual({ kind: 'parseCases', index: 0, name: 'agent photos__pick', pass: true });
    expect(total).toBe(102);
  });
});

describe('replayCases is strict: one wrong field fails exactly that case', () => {
  const corruptions: [string, (doc: Record<string, any>) => void, string[]][] = [
    ['parse: a wrong tool', (d) => (d.parseCases[1].expected.tool = 'pik'), ['parseCases[1]']],
    ['parse: null expected where a parse succeeds', (d) => (d.parseCases[0].expected = null), ['parseCases[0]']],
    ['decide: a wrong reason', (d) => (d.decideCases[2].expected.reason = 'consentNeeded'), ['decideCases[2]']],
    ['decide: the verdict fields in another order', (d) => (d.decideCases[5].expected = swapFirstKeys(d.decideCases[5].expected)), ['decideCases[5]']],
    ['decide: a different input (foreground)', (d) => (d.decideCases[3].foreground = true), ['decideCases[3]']],
    ['list: two names swapped', (d) => d.listCases[0].expected.reverse(), ['listCases[0]']],
    ['list: a name missing', (d) => d.listCases[2].expected.pop(), ['listCases[2]']],
    ['audit: a wrong argsHash', (d) => (d.auditCases[1].expected.argsHash = d.auditCases[1].expected.argsHash.replace(/.$/, '0')), ['auditCases[1]']],
    ['audit: the row in another key order', (d) => (d.auditCases[0].expected = swapFirstKeys(d.auditCases[0].expected)), ['auditCases[0]']],
    ['validate: a wrong default', (d) => (d.validateCases[0].expected.arguments.limit = 2), ['validateCases[0]']],
    ['validate: a wrong keyword', (d) => (d.validateCases[1].expected.error = 'invalidParams: /limit minimum'), ['validateCases[1]']],
    ['bridge: a wrong native input', (d) => (d.bridgeCases[0].native.limit = 3), ['bridgeCases[0]']],
    ['bridge: a native that must not run', (d) => (d.bridgeCases[1].native = null), ['bridgeCases[1]']],
    ['bridge: a wrong put', (d) => (d.bridgeCases[4].puts[1].mimeType = 'text/csv'), ['bridgeCases[4]']],
    ['bridge: a missing put', (d) => d.bridgeCases[0].puts.pop(), ['bridgeCases[0]']],
    ['bridge: a wrong fileId', (d) => (d.bridgeCases[0].expected.structuredContent.photos[0].fileId = 'blob-2'), ['bridgeCases[0]']],
    [
      'bridge: structuredContent in another key order',
      (d) => (d.bridgeCases[0].expected.structuredContent.photos[0] = swapFirstKeys(d.bridgeCases[0].expected.structuredContent.photos[0])),
      ['bridgeCases[0]'],
    ],
    ['bridge: a wrong outcome', (d) => (d.bridgeCases[3].expected.outcome = 'rpcError'), ['bridgeCases[3]']],
    ['pdf: a wrong sha256', (d) => (d.pdfCases[0].expected.sha256 = '0'.repeat(64)), ['pdfCases[0]']],
    ['pdf: a wrong size', (d) => (d.pdfCases[1].expected.size += 1), ['pdfCases[1]']],
    ['pdf: a wrong page count', (d) => (d.pdfCases[3].expected.pages = 3), ['pdfCases[3]']],
    ['pdf: a wrong name', (d) => (d.pdfCases[2].expected.name = 'W.pdf'), ['pdfCases[2]']],
    ['pdf: a wrong error', (d) => (d.pdfCases[5].expected.isError = 'notFound: pal1'), ['pdfCases[5]']],
  ];
  for (const [name, corrupt, expected] of corruptions) {
    it(name, async () => {
      expect(await failing(corrupt)).toEqual(expected);
    });
  }
});

describe("replayCases runs with the document's own data", () => {
  it('the v1 context app: exactly the cases that carry it fail', async () => {
    const doc = fixtureDoc();
    const names = (doc.bridgeCases as { name: string; native: unknown }[]).flatMap((c, i) =>
      JSON.stringify(c.native ?? null).includes('acme.album') ? [`bridgeCases[${i}]`] : [],
    );
    expect(names.length).toBeGreaterThanOrEqual(3);
    expect(await failing((d) => (d.v1.context.app = 'other.app'))).toEqual(names);
  });

  it('the v1 blobs: a changed file fails the cases that read it', async () => {
    const got = await failing((d) => (d.v1.blobs.pdf1 = Buffer.from('%PDF-1.5\n').toString('base64')));
    expect(got).toEqual(['bridgeCases[9]', 'bridgeCases[13]']);
  });

  it('the pdf table: another width of "x" fails the layout made of x characters', async () => {
    const got = await failing((d) => (d.pdf.widths.Helvetica[120] = 600));
    expect(got).toEqual(['pdfCases[2]']);
  });

  it("a case's own blobs: a changed image fails that case only", async () => {
    expect(await failing((d) => (d.bridgeCases[14].blobs.png1 = d.v1.blobs.pdf1))).toEqual(['bridgeCases[14]']);
  });

  it('a document with fewer capabilities decides differently', async () => {
    const got = await failing((d) => (d.capabilities = d.capabilities.filter((c: { name: string }) => c.name !== 'camera')));
    expect(got).toEqual(['decideCases[5]', 'decideCases[6]']);
  });
});

describe('replayCases reports bad input', () => {
  it('a malformed case fails with its reason; the others still run', async () => {
    const doc = fixtureDoc();
    delete doc.decideCases[0].call;
    doc.parseCases[2] = 7;
    const report = await replayCases(doc);
    expect(report.failures.map((f) => [f.kind, f.index, f.got])).toEqual([
      ['parseCases', 2, { error: 'malformed case: not an object' }],
      ['decideCases', 0, { error: 'malformed case: no "call"' }],
    ]);
    expect(report.passed).toBe(total - 2);
  });

  it('an invalid catalog throws the JSON pointer first', async () => {
    const doc = fixtureDoc();
    doc.capabilities[0].scopes[0].consent = 'always';
    await expect(replayCases(doc)).rejects.toThrow(errorOf(CatalogError, /^\/capabilities\/0\b[^:]*\/scopes\/0\/consent: /));
  });

  it('a case array that is not an array throws', async () => {
    const doc = fixtureDoc();
    doc.listCases = {};
    await expect(replayCases(doc)).rejects.toThrow(errorOf(CatalogError, '/listCases: is not an array'));
  });

  it('a document without cases replays nothing', async () => {
    const doc = fixtureDoc();
    for (const kind of ['parseCases', 'decideCases', 'listCases', 'auditCases', 'validateCases', 'bridgeCases', 'pdfCases']) delete doc[kind];
    expect(await replayCases(doc)).toEqual({ passed: 0, failed: 0, failures: [], cases: [] });
  });
});

describe('failure lines and sameJson', () => {
  it('prints kind, index, name, expected and got as compact JSON', async () => {
    const doc = fixtureDoc();
    doc.decideCases[2].expected.reason = 'consentNeeded';
    const [failure] = (await replayCases(doc)).failures;
    expect(failureLine(failure!)).toBe(
      'FAIL decideCases[2] "an undecided ask scope asks in the foreground": expected {"verdict":"ask","capability":"photos","tool":"pick","scope":"photos.read","reason":"consentNeeded"} got {"verdict":"ask","capability":"photos","tool":"pick","scope":"photos.read","reason":null}',
    );
    expect(failureLine(failure!, 'x.json')).toMatch(/^FAIL x\.json decideCases\[2\] /);
  });

  it('labels nameless cases by their inputs', async () => {
    const doc = fixtureDoc();
    doc.validateCases[1].expected.error = 'x';
    doc.parseCases[0].expected = null;
    const names = (await replayCases(doc)).failures.map((f) => f.name);
    expect(names).toEqual(['agent photos__pick', 'photos_pick {"limit":51}']);
  });

  it('sameJson is exact', () => {
    expect(sameJson({ a: 1, b: [1, { c: null }] }, { a: 1, b: [1, { c: null }] }, true)).toBe(true);
    expect(sameJson({ a: 1, b: 2 }, { b: 2, a: 1 }, false)).toBe(true);
    expect(sameJson({ a: 1, b: 2 }, { b: 2, a: 1 }, true)).toBe(false);
    expect(sameJson({ a: undefined }, {}, false)).toBe(false);
    expect(sameJson(1, '1', false)).toBe(false);
    expect(sameJson([1], { 0: 1 }, false)).toBe(false);
    expect(sameJson(null, {}, false)).toBe(false);
  });
});
