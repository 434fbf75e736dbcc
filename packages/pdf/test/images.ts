/** Test helper: tiny PNG and JPEG files built byte by byte. */
import { crc32, deflateSync } from 'node:zlib';

function u32(n: number): number[] {
  return [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
}

/** One PNG chunk: length, type, data, CRC. */
export function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const typed = new Uint8Array([...Buffer.from(type, 'latin1'), ...data]);
  return new Uint8Array([...u32(data.length), ...typed, ...u32(crc32(typed))]);
}

/** Options of `makePng`. */
export interface PngOptions {
  width: number;
  height: number;
  colorType?: number;
  bitDepth?: number;
  interlace?: number;
  /** Split the zlib stream into this many IDAT chunks. */
  idats?: number;
  /** Leave out IEND. */
  noEnd?: boolean;
}

const channels: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** Builds a PNG whose scanlines (filter 0) hold a simple gradient; answers the file and its raw scanlines. */
export function makePng(options: PngOptions): { png: Uint8Array; raw: Uint8Array; zlib: Uint8Array } {
  const { width, height, colorType = 2, bitDepth = 8, interlace = 0, idats = 1 } = options;
  const rowBytes = Math.ceil((width * (channels[colorType] ?? 1) * bitDepth) / 8);
  const raw = new Uint8Array((rowBytes + 1) * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < rowBytes; x++) raw[y * (rowBytes + 1) + 1 + x] = (x * 7 + y * 13) & 0xff;
  const zlib = new Uint8Array(deflateSync(raw));
  const ihdr = new Uint8Array([...u32(width), ...u32(height), bitDepth, colorType, 0, 0, interlace]);
  const parts: Uint8Array[] = [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', ihdr)];
  parts.push(pngChunk('tEXt', new Uint8Array(Buffer.from('Comment\0test', 'latin1'))));
  const step = Math.ceil(zlib.length / idats);
  for (let i = 0; i < idats; i++) parts.push(pngChunk('IDAT', zlib.subarray(i * step, Math.min(zlib.length, (i + 1) * step))));
  if (!options.noEnd) parts.push(pngChunk('IEND', new Uint8Array(0)));
  return { png: concat(parts), raw, zlib };
}

/** Options of `makeJpeg`. */
export interface JpegOptions {
  width: number;
  height: number;
  components?: number;
  /** The frame marker (0xC0 baseline … 0xC3); default 0xC0. */
  frame?: number;
  /** Segments (marker, payload) written before the frame. */
  before?: ReadonlyArray<readonly [number, Uint8Array]>;
  /** Put SOS before the frame instead of after. */
  sosFirst?: boolean;
}

function segment(marker: number, payload: Uint8Array): Uint8Array {
  const length = payload.length + 2;
  return new Uint8Array([0xff, marker, length >> 8, length & 0xff, ...payload]);
}

/** Builds a minimal JPEG: SOI, an APP0, the given segments, a SOF frame, SOS with a few bytes, EOI. */
export function makeJpeg(options: JpegOptions): Uint8Array {
  const { width, height, components = 3, frame = 0xc0 } = options;
  const sof = [8, height >> 8, height & 0xff, width >> 8, width & 0xff, components];
  for (let c = 1; c <= components; c++) sof.push(c, 0x11, 0);
  const sosPayload = [components];
  for (let c = 1; c <= components; c++) sosPayload.push(c, 0);
  sosPayload.push(0, 63, 0);
  const sos = concat([segment(0xda, new Uint8Array(sosPayload)), new Uint8Array([0x12, 0x34, 0x56])]);
  const parts: Uint8Array[] = [new Uint8Array([0xff, 0xd8]), segment(0xe0, new Uint8Array(Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1')))];
  for (const [marker, payload] of options.before ?? []) parts.push(segment(marker, payload));
  if (options.sosFirst) parts.push(sos);
  parts.push(segment(frame, new Uint8Array(sof)));
  if (!options.sosFirst) parts.push(sos);
  parts.push(new Uint8Array([0xff, 0xd9]));
  return concat(parts);
}

/** Concatenates byte arrays. */
export function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
