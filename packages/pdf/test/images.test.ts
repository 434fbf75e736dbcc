import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readJpegInfo, readPngInfo, renderPdf } from '../src/index.js';
import { table } from './fixture.js';
import { concat, makeJpeg, makePng, pngChunk } from './images.js';
import { renderChecked } from './render-checked.js';

describe('readJpegInfo', () => {
  for (const [components, frame] of [
    [1, 0xc0],
    [3, 0xc0],
    [4, 0xc0],
    [3, 0xc1],
    [3, 0xc2],
    [1, 0xc3],
  ] as const) {
    it(`SOF${frame - 0xc0} with ${components} component(s)`, () => {
      expect(readJpegInfo(makeJpeg({ width: 300, height: 2, components, frame }))).toEqual({
        width: 300,
        height: 2,
        components,
        frameMarker: frame,
        precision: 8,
      });
    });
  }

  it('skips other segments (DHT, DQT, APPn, COM) and fill bytes before the frame', () => {
    const jpeg = makeJpeg({
      width: 7,
      height: 9,
      before: [
        [0xc4, new Uint8Array(20)],
        [0xdb, new Uint8Array(65)],
        [0xfe, new Uint8Array([0x68, 0x69])],
      ],
    });
    const withFill = concat([jpeg.subarray(0, 2), new Uint8Array([0xff, 0xff]), jpeg.subarray(2)]);
    expect(readJpegInfo(withFill)).toMatchObject({ width: 7, height: 9, components: 3 });
  });

  it('refuses 2 components', () => {
    expect(readJpegInfo(makeJpeg({ width: 1, height: 1, components: 2 }))).toBeUndefined();
  });

  it('refuses SOS before any SOF0–SOF3, and EOI before it', () => {
    expect(readJpegInfo(makeJpeg({ width: 1, height: 1, sosFirst: true }))).toBeUndefined();
    expect(readJpegInfo(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]))).toBeUndefined();
    expect(readJpegInfo(makeJpeg({ width: 1, height: 1, frame: 0xc9 }))).toBeUndefined();
  });

  it('refuses a file truncated before the frame ends', () => {
    const jpeg = makeJpeg({ width: 5, height: 5 });
    const sof = jpeg.findIndex((b, i) => b === 0xff && jpeg[i + 1] === 0xc0);
    for (const cut of [1, 2, 3, 4, 8, sof, sof + 1, sof + 3, sof + 10, sof + 18]) {
      expect(readJpegInfo(jpeg.subarray(0, cut))).toBeUndefined();
    }
    expect(readJpegInfo(jpeg.subarray(0, sof + 19))).toMatchObject({ width: 5 });
  });

  it('refuses a zero width or height, no SOI, and garbage between segments', () => {
    expect(readJpegInfo(makeJpeg({ width: 0, height: 5 }))).toBeUndefined();
    expect(readJpegInfo(makeJpeg({ width: 5, height: 0 }))).toBeUndefined();
    expect(readJpegInfo(new TextEncoder().encode('hello'))).toBeUndefined();
    const jpeg = makeJpeg({ width: 5, height: 5 });
    expect(readJpegInfo(concat([jpeg.subarray(0, 2), new Uint8Array([0x00]), jpeg.subarray(2)]))).toBeUndefined();
  });
});

describe('readPngInfo', () => {
  it('an RGB PNG: colour type 2, 3 colours, its IDAT data', () => {
    const { png, zlib } = makePng({ width: 3, height: 2 });
    const info = readPngInfo(png);
    expect(info).toMatchObject({ width: 3, height: 2, colorType: 2, colors: 3 });
    expect(Buffer.from(info?.data ?? []).equals(Buffer.from(zlib))).toBe(true);
  });

  it('a grey PNG: colour type 0, 1 colour', () => {
    expect(readPngInfo(makePng({ width: 3, height: 2, colorType: 0 }).png)).toMatchObject({ colorType: 0, colors: 1 });
  });

  it('several IDATs are concatenated in order', () => {
    const { png, zlib, raw } = makePng({ width: 40, height: 30, idats: 4 });
    const data = readPngInfo(png)?.data ?? new Uint8Array(0);
    expect(Buffer.from(data).equals(Buffer.from(zlib))).toBe(true);
    expect(Buffer.from(inflateSync(data)).equals(Buffer.from(raw))).toBe(true);
  });

  for (const [label, options] of [
    ['16-bit', { bitDepth: 16 }],
    ['1-bit grey', { bitDepth: 1, colorType: 0 }],
    ['palette', { colorType: 3 }],
    ['grey + alpha', { colorType: 4 }],
    ['RGBA', { colorType: 6 }],
    ['interlaced', { interlace: 1 }],
    ['no IEND (truncated)', { noEnd: true }],
  ] as const) {
    it(`refuses ${label}`, () => {
      expect(readPngInfo(makePng({ width: 2, height: 2, ...options }).png)).toBeUndefined();
    });
  }

  it('refuses a file cut anywhere, a missing IHDR, a missing IDAT', () => {
    const { png } = makePng({ width: 2, height: 2 });
    for (let cut = 0; cut < png.length; cut += 3) expect(readPngInfo(png.subarray(0, cut))).toBeUndefined();
    const sig = png.subarray(0, 8);
    expect(readPngInfo(concat([sig, pngChunk('IEND', new Uint8Array(0))]))).toBeUndefined();
    const ihdr = png.subarray(8, 33);
    expect(readPngInfo(concat([sig, ihdr, pngChunk('IEND', new Uint8Array(0))]))).toBeUndefined();
  });
});

describe('images in documents', () => {
  it('a grey JPEG is embedded as is with DeviceGray', async () => {
    const jpeg = makeJpeg({ width: 4, height: 2, components: 1 });
    const { parsed, ops } = await renderChecked({ title: 'T', blocks: [{ image: 'g' }] }, new Map([['g', jpeg]]));
    expect(parsed.objects[5]?.dict).toBe(
      `<< /Type /XObject /Subtype /Image /Width 4 /Height 2 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /DCTDecode /Length ${jpeg.length} >>`,
    );
    expect(Buffer.from(parsed.objects[5]?.stream ?? []).equals(Buffer.from(jpeg))).toBe(true);
    expect(ops).toEqual([['q 4 0 0 2 56 784 cm /Im1 Do Q']]);
  });

  it('a CMYK JPEG is embedded with DeviceCMYK', async () => {
    const jpeg = makeJpeg({ width: 6, height: 6, components: 4, frame: 0xc2 });
    const { parsed } = await renderChecked({ title: 'T', blocks: [{ image: 'c' }] }, new Map([['c', jpeg]]));
    expect(parsed.objects[5]?.dict).toContain('/Width 6 /Height 6 /ColorSpace /DeviceCMYK /BitsPerComponent 8 /Filter /DCTDecode ');
  });

  it('a grey PNG is FlateDecode with Predictor 15, Colors 1, its columns', async () => {
    const { png, raw } = makePng({ width: 3, height: 5, colorType: 0, idats: 2 });
    const { parsed } = await renderChecked({ title: 'T', blocks: [{ image: 'p' }] }, { p: png });
    const image = parsed.objects[5];
    expect(image?.dict).toBe(
      `<< /Type /XObject /Subtype /Image /Width 3 /Height 5 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode /DecodeParms << /Predictor 15 /Colors 1 /BitsPerComponent 8 /Columns 3 >> /Length ${image?.stream?.length} >>`,
    );
    expect(Buffer.from(inflateSync(image?.stream ?? new Uint8Array(0))).equals(Buffer.from(raw))).toBe(true);
  });

  it('an RGB PNG has Colors 3 and DeviceRGB', async () => {
    const { png } = makePng({ width: 8, height: 1 });
    const { parsed } = await renderChecked({ title: 'T', blocks: [{ image: 'p', caption: 'rgb' }] }, { p: png });
    expect(parsed.objects[5]?.dict).toContain(
      '/ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode /DecodeParms << /Predictor 15 /Colors 3 /BitsPerComponent 8 /Columns 8 >>',
    );
  });

  const bad = {
    interlaced: makePng({ width: 2, height: 2, interlace: 1 }).png,
    sixteen: makePng({ width: 2, height: 2, bitDepth: 16 }).png,
    palette: makePng({ width: 2, height: 2, colorType: 3 }).png,
    truncatedJpeg: makeJpeg({ width: 5, height: 5 }).subarray(0, 12),
    sosFirst: makeJpeg({ width: 5, height: 5, sosFirst: true }),
    twoComponents: makeJpeg({ width: 5, height: 5, components: 2 }),
    gif: new TextEncoder().encode('GIF89a....'),
    empty: new Uint8Array(0),
  };
  for (const id of Object.keys(bad)) {
    it(`unsupportedImage: ${id}`, () => {
      expect(renderPdf({ title: 'T', blocks: [{ text: 'a' }, { image: id }] }, bad, { table })).toEqual({
        error: `unsupportedImage: ${id}`,
      });
    });
  }

  it('the first failing image block decides the error', () => {
    const files = { bad: bad.gif, good: makePng({ width: 1, height: 1 }).png };
    expect(renderPdf({ title: 'T', blocks: [{ image: 'good' }, { image: 'gone' }, { image: 'bad' }] }, files, { table })).toEqual({
      error: 'notFound: gone',
    });
    expect(renderPdf({ title: 'T', blocks: [{ image: 'bad' }, { image: 'gone' }] }, files, { table })).toEqual({
      error: 'unsupportedImage: bad',
    });
  });

  it('a plain object of files: inherited names are not files', () => {
    for (const id of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      expect(renderPdf({ title: 'T', blocks: [{ image: id }] }, {}, { table })).toEqual({ error: `notFound: ${id}` });
    }
  });

  it('a Map of files works the same as a plain object', () => {
    const { png } = makePng({ width: 2, height: 2 });
    const a = renderPdf({ title: 'T', blocks: [{ image: 'p' }] }, new Map([['p', png]]), { table });
    const b = renderPdf({ title: 'T', blocks: [{ image: 'p' }] }, { p: png }, { table });
    expect('bytes' in a && 'bytes' in b && Buffer.from(a.bytes).equals(Buffer.from(b.bytes))).toBe(true);
  });

  it('blocks of no known kind are a TypeError naming the block', () => {
    const args = { title: 'T', blocks: [{ text: 'a' }, { pageBreak: false }] } as unknown as Parameters<typeof renderPdf>[0];
    expect(() => renderPdf(args, {}, { table })).toThrow('/blocks/1');
    const nullBlock = { title: 'T', blocks: [null] } as unknown as Parameters<typeof renderPdf>[0];
    expect(() => renderPdf(nullBlock, {}, { table })).toThrow('/blocks/0 is not an object');
  });
});
