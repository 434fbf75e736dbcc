import { describe, it, expect } from 'vitest';
import { inflateSync } from 'node:zlib';
import { checkValue, catalog, type JsonObject } from '@xcap/catalog';
import { renderPdf } from '@xcap/pdf';
import { counterHex, createFakeHost, encodePng, fixedClock, sampleNatives, samplePhotos, scriptedNative, ScriptedConsentUi } from '../src/index.js';
import { errorOf } from '@xcap/test-support';

function pngChunks(bytes: Uint8Array): { type: string; data: Buffer }[] {
  const buf = Buffer.from(bytes);
  const chunks: { type: string; data: Buffer }[] = [];
  for (let at = 8; at < buf.length;) {
    const length = buf.readUInt32BE(at);
    chunks.push({ type: buf.toString('latin1', at + 4, at + 8), data: buf.subarray(at + 8, at + 8 + length) });
    at += 12 + length;
  }
  return chunks;
}

describe('encodePng', () => {
  it('writes an 8-bit RGB PNG whose pixels inflate back', () => {
    const png = encodePng(3, 2, (x, y) => [x * 100, y * 200, 7]);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const chunks = pngChunks(png);
    expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect([...chunks[0]!.data]).toEqual([0, 0, 0, 3, 0, 0, 0, 2, 8, 2, 0, 0, 0]);
    expect([...inflateSync(chunks[1]!.data)]).toEqual([0, 0, 0, 7, 100, 0, 7, 200, 0, 7, 0, 0, 200, 7, 100, 200, 7, 200, 200, 7]);
  });

  it('ends every chunk with its CRC-32 (IEND: AE 42 60 82)', () => {
    const png = encodePng(1, 1, () => [0, 0, 0]);
    expect([...png.subarray(-12)]).toEqual([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);
    expect([...png.subarray(29, 33)]).toEqual([0x90, 0x77, 0x53, 0xde]);
  });

  it('refuses a size that is no positive integer', () => {
    expect(() => encodePng(0, 1, () => [0, 0, 0])).toThrow(RangeError);
    expect(() => encodePng(1.5, 1, () => [0, 0, 0])).toThrow(RangeError);
  });

  it('the sample photos are PNGs the PDF writer embeds', () => {
    const files = new Map(samplePhotos().map((p) => [p.id, Buffer.from(p.data, 'base64')]));
    const pdf = renderPdf({ title: 'T', blocks: samplePhotos().map((p) => ({ image: p.id, caption: p.name })) }, files, { table: catalog.pdf });
    expect('error' in pdf ? pdf.error : pdf.pages).toBe(1);
  });
});

describe('sampleNatives', () => {
  it('answers every native tool of the built-in catalog per its nativeOutputSchema', async () => {
    const natives = sampleNatives();
    const inputs: Record<string, JsonObject> = { photos_get: { id: 'ph-2' }, focus_window: { window: 'w1' } };
    for (const def of catalog.tools.filter((t) => t.runs === 'native')) {
      const script = natives[def.name];
      expect(script, def.name).toBeDefined();
      const answer = (await scriptedNative(script!)(inputs[def.name] ?? { limit: 2 })) as { structuredContent: unknown };
      expect(checkValue(def.nativeOutputSchema!, answer.structuredContent), def.name).toBeNull();
    }
  });
});

describe('small parts', () => {
  it('counterHex counts in 32 hex digits', () => {
    const next = counterHex(255);
    expect([next(), next()]).toEqual(['000000000000000000000000000000ff', '00000000000000000000000000000100']);
  });

  it('fixedClock answers one instant, fresh each time', () => {
    const clock = fixedClock('2026-11-01T10:00:00Z');
    const a = clock();
    a.setFullYear(2000);
    expect(clock().toISOString()).toBe('2026-11-01T10:00:00.000Z');
    expect(() => fixedClock('soon')).toThrow(RangeError);
  });

  it('scriptedNative answers copies, throws, hangs or runs a function', async () => {
    const answer = { structuredContent: { saved: true } };
    const native = scriptedNative(answer);
    const first = native({}) as typeof answer;
    first.structuredContent.saved = false;
    expect(native({})).toEqual({ structuredContent: { saved: true } });
    expect(() => scriptedNative({ throws: 'boom' })({})).toThrow('boom');
    expect(scriptedNative({ answers: 'raw' })({})).toBe('raw');
    expect(scriptedNative({ isError: 'x' })({})).toEqual({ isError: 'x' });
    expect(scriptedNative((input) => input['a'])({ a: 1 })).toBe(1);
    const hang = scriptedNative({ hangs: true })({});
    expect(await Promise.race([hang, new Promise((resolve) => setTimeout(() => resolve('still waiting'), 10))])).toBe('still waiting');
  });

  it('ScriptedConsentUi answers in order, records, and throws when out of answers', async () => {
    const ui = new ScriptedConsentUi(['deny']);
    ui.answer((request) => (request.scope === 'photos.read' ? 'allow' : 'deny'));
    const request = {
      app: 'a',
      scope: 'photos.read',
      sheet: { title: 'Photos', text: 't' },
      verdict: { verdict: 'ask', capability: 'photos', tool: 'pick', scope: 'photos.read', reason: null },
      argsHash: `sha256:${'0'.repeat(64)}`,
      signal: new AbortController().signal,
      deadline: Infinity,
      agent: null,
      client: null,
      tool: { id: 'photos_pick', description: '' },
      arguments: undefined,
      detached: new AbortController().signal,
    } as const;
    expect(await ui.ui(request)).toBe('deny');
    expect(await ui.ui(request)).toBe('allow');
    await expect(ui.ui(request)).rejects.toThrow(errorOf(Error, 'no answer scripted for the photos.read sheet'));
    expect(ui.asked).toHaveLength(3);
    expect(ui.remaining).toBe(0);
  });
});

describe('RecordingAuditSink through the fake host', () => {
  it('hands each row with its meta (the call time and duration) to the inner sink and records both', async () => {
    const seen: { tool: string; at: unknown; durationMs: unknown }[] = [];
    const host = createFakeHost({ auditSink: { write: (row, meta) => void seen.push({ tool: row.tool, at: meta?.at, durationMs: meta?.durationMs }) } });
    await host.path.call({ from: 'ui', name: 'windows_list', arguments: {}, foreground: true });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.tool).toBe('windows__list');
    expect(typeof seen[0]?.at).toBe('string');
    expect(seen[0]?.durationMs).toEqual(expect.any(Number));
  });
});
