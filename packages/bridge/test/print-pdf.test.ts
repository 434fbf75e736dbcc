import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bridgeCall } from '../src/bridge-call.js';
import type { BlobStore } from '../src/blob-store.js';
import { catalog, context, doc, fakeNative, seededStore } from './fixture.js';

interface PdfCase {
  name: string;
  arguments: unknown;
  blobs?: Record<string, string>;
  expected: { name: string; pages: number; size: number; sha256: string } | { isError: string };
}

const pdfCases = doc['pdfCases'] as PdfCase[];

describe('print_pdf through the bridge: every pdfCase of the fixture', () => {
  for (const c of pdfCases) {
    it(c.name, async () => {
      const blobs = seededStore(c.blobs);
      const fake = fakeNative({ structuredContent: {} });
      const { result, outcome } = await bridgeCall({ catalog, tool: 'print_pdf', arguments: c.arguments, context, blobs, native: fake.native });
      expect(fake.calls).toEqual([]);
      if ('isError' in c.expected) {
        expect(outcome).toBe('isError');
        expect(result).toEqual({ content: [{ type: 'text', text: c.expected.isError }], isError: true });
        expect(blobs.puts).toEqual([]);
        return;
      }
      const { name, pages, size, sha256 } = c.expected;
      expect(outcome).toBe('ok');
      expect(result.structuredContent).toEqual({ file: { name, mimeType: 'application/pdf', size, fileId: 'blob-1' }, pages });
      expect(result.content[0].text).toBe(JSON.stringify({ file: { name, mimeType: 'application/pdf', size, fileId: 'blob-1' }, pages }));
      expect(blobs.puts.map((put) => [put.app, put.name, put.mimeType])).toEqual([[context.app, name, 'application/pdf']]);
      const stored = blobs.memory.get(context.app, 'blob-1');
      expect(stored?.bytes.length).toBe(size);
      expect(
        createHash('sha256')
          .update(stored?.bytes ?? new Uint8Array())
          .digest('hex'),
      ).toBe(sha256);
    });
  }
});

describe('print_pdf', () => {
  it('runs without any native provider and names the file after the title', async () => {
    const blobs = seededStore();
    const r = await bridgeCall({ catalog, tool: 'print_pdf', arguments: { title: 'A: b', blocks: [{ text: 'hi' }] }, context, blobs });
    expect(r.outcome).toBe('ok');
    expect(r.result.structuredContent).toMatchObject({ file: { name: 'A- b.pdf', mimeType: 'application/pdf', fileId: 'blob-1' }, pages: 1 });
    const bytes = blobs.memory.get(context.app, 'blob-1')?.bytes ?? new Uint8Array();
    expect(Buffer.from(bytes.subarray(0, 8)).toString('latin1')).toBe('%PDF-1.4');
  });

  it('keeps a given name and counts pages', async () => {
    const blobs = seededStore();
    const r = await bridgeCall({
      catalog,
      tool: 'print_pdf',
      arguments: { title: 'T', name: 'three.pdf', blocks: [{ text: 'a' }, { pageBreak: true }, { text: 'b' }, { pageBreak: true }, { heading: 'c' }] },
      context,
      blobs,
    });
    expect(r.result.structuredContent).toMatchObject({ file: { name: 'three.pdf' }, pages: 3 });
  });

  it("answers notFound for a missing image, and for another app's image", async () => {
    const blobs = seededStore();
    const missing = await bridgeCall({ catalog, tool: 'print_pdf', arguments: { title: 'x', blocks: [{ text: 'a' }, { image: 'gone' }] }, context, blobs });
    expect(missing.result.content[0].text).toBe('notFound: gone');
    blobs.memory.seed('other.app', 'theirs', new Uint8Array([0xff, 0xd8, 0xff]));
    const theirs = await bridgeCall({ catalog, tool: 'print_pdf', arguments: { title: 'x', blocks: [{ image: 'theirs' }] }, context, blobs });
    expect(theirs.result.content[0].text).toBe('notFound: theirs');
    expect(blobs.puts).toEqual([]);
  });

  it('reads a reused image once', async () => {
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAAD0lEQVR4nGP4z8DAwPAfAAcAAf9+CLHQAAAAAElFTkSuQmCC';
    const blobs = seededStore({ png1: png });
    const r = await bridgeCall({ catalog, tool: 'print_pdf', arguments: { title: 'x', blocks: [{ image: 'png1' }, { image: 'png1' }] }, context, blobs });
    expect(r.outcome).toBe('ok');
    expect(blobs.gets.filter((get) => get.fileId === 'png1')).toHaveLength(1);
  });

  it('refuses invalid arguments', async () => {
    const r = await bridgeCall({ catalog, tool: 'print_pdf', arguments: { title: 'x', blocks: [] }, context, blobs: seededStore() });
    expect(r.outcome).toBe('invalidParams');
    expect(r.result.content[0].text).toBe('invalidParams: /blocks minItems');
  });

  it('a store that cannot write the PDF answers storeFailed', async () => {
    const base = seededStore();
    const blobs: BlobStore = {
      get: (app, fileId) => base.get(app, fileId),
      put: () => {
        throw new Error('disk full');
      },
    };
    const r = await bridgeCall({ catalog, tool: 'print_pdf', arguments: { title: 'x', blocks: [{ text: 'a' }] }, context, blobs });
    expect(r.outcome).toBe('isError');
    expect(r.result.content[0].text).toBe('storeFailed');
  });

  it('uses the given pdfTable', async () => {
    const wide = { ...catalog.pdf, page: [300, 300] as const };
    const blobs = seededStore();
    await bridgeCall({ catalog, tool: 'print_pdf', arguments: { title: 'x', blocks: [{ text: 'a' }] }, context, blobs, pdfTable: wide });
    const text = Buffer.from(blobs.memory.get(context.app, 'blob-1')?.bytes ?? new Uint8Array()).toString('latin1');
    expect(text).toContain('/MediaBox [0 0 300 300]');
  });
});
