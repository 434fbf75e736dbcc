import type { Rgb } from '@xcap/host-testing';

/** Options of `encodeJpeg`. */
export interface JpegOptions {
  /** The camera's `DateTimeOriginal` (`YYYY:MM:DD HH:MM:SS`), written in an Exif APP1 segment when given. */
  readonly dateTimeOriginal?: string;
  /** 1–100, the IJG quality scale of the standard tables (default 85). */
  readonly quality?: number;
}

/** ITU-T T.81 Annex K.1 quantisation tables (luminance, chrominance), in natural order. */
const baseTables = [
  [
    16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51, 87, 80, 62, 18, 22, 37, 56, 68, 109,
    103, 77, 24, 35, 55, 64, 81, 104, 113, 92, 49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
  ],
  [
    17, 18, 24, 47, 99, 99, 99, 99, 18, 21, 26, 66, 99, 99, 99, 99, 24, 26, 56, 99, 99, 99, 99, 99, 47, 66, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99,
    99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99,
  ],
];

/** The zigzag order: zigzag index → natural index. */
const zigzag = [
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22,
  15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
];

/** Annex K.3 Huffman tables: code counts per length 1–16 and the symbols. */
const huffmanSpecs = {
  dcLuma: { counts: [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0], symbols: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] },
  dcChroma: { counts: [0, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0], symbols: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] },
  acLuma: {
    counts: [0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 0x7d],
    symbols: hexBytes(
      '01020300041105122131410613516107227114328191a1082342b1c11552d1f02433627282090a161718191a25262728292a3435363738393a434445464748494a535455565758595a636465666768696a737475767778797a838485868788898a92939495969798999aa2a3a4a5a6a7a8a9aab2b3b4b5b6b7b8b9bac2c3c4c5c6c7c8c9cad2d3d4d5d6d7d8d9dae1e2e3e4e5e6e7e8e9eaf1f2f3f4f5f6f7f8f9fa',
    ),
  },
  acChroma: {
    counts: [0, 2, 1, 2, 4, 4, 3, 4, 7, 5, 4, 4, 0, 1, 2, 0x77],
    symbols: hexBytes(
      '000102031104052131061241510761711322328108144291a1b1c109233352f0156272d10a162434e125f11718191a262728292a35363738393a434445464748494a535455565758595a636465666768696a737475767778797a82838485868788898a92939495969798999aa2a3a4a5a6a7a8a9aab2b3b4b5b6b7b8b9bac2c3c4c5c6c7c8c9cad2d3d4d5d6d7d8d9dae2e3e4e5e6e7e8e9eaf2f3f4f5f6f7f8f9fa',
    ),
  },
};

function hexBytes(hex: string): number[] {
  return Array.from({ length: hex.length / 2 }, (_, i) => parseInt(hex.slice(i * 2, i * 2 + 2), 16));
}

/** Canonical Huffman codes of a table: symbol → [code, length]. */
function huffmanCodes(spec: { counts: readonly number[]; symbols: readonly number[] }): Map<number, readonly [number, number]> {
  const codes = new Map<number, readonly [number, number]>();
  let code = 0;
  let k = 0;
  spec.counts.forEach((count, i) => {
    for (let j = 0; j < count; j++) codes.set(spec.symbols[k++] ?? 0, [code++, i + 1]);
    code <<= 1;
  });
  return codes;
}

/** The bits of the entropy-coded segment, with 0xFF stuffed. */
class BitWriter {
  readonly bytes: number[] = [];
  #buffer = 0;
  #count = 0;

  write(code: number, length: number): void {
    for (let i = length - 1; i >= 0; i--) {
      this.#buffer = (this.#buffer << 1) | ((code >> i) & 1);
      if (++this.#count === 8) this.#flushByte();
    }
  }

  end(): void {
    while (this.#count !== 0) this.write(1, 1);
  }

  #flushByte(): void {
    this.bytes.push(this.#buffer);
    if (this.#buffer === 0xff) this.bytes.push(0);
    this.#buffer = 0;
    this.#count = 0;
  }
}

/** A marker segment: FF, the marker, the 2-byte length (itself included) and the payload. */
function segment(marker: number, payload: readonly number[]): number[] {
  return [0xff, marker, (payload.length + 2) >> 8, (payload.length + 2) & 0xff, ...payload];
}

/** An Exif APP1 payload with IFD0 → Exif IFD → DateTimeOriginal (big-endian TIFF). */
function exifPayload(dateTimeOriginal: string): number[] {
  const text = [...Buffer.from(dateTimeOriginal.padEnd(19).slice(0, 19), 'latin1'), 0];
  const u16 = (n: number) => [n >> 8, n & 0xff];
  const u32 = (n: number) => [(n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
  const ifd0 = 8;
  const exifIfd = ifd0 + 2 + 12 + 4;
  const valueAt = exifIfd + 2 + 12 + 4;
  return [
    ...Buffer.from('Exif\0\0', 'latin1'),
    ...[0x4d, 0x4d, 0x00, 0x2a],
    ...u32(ifd0),
    ...u16(1),
    ...u16(0x8769),
    ...u16(4),
    ...u32(1),
    ...u32(exifIfd),
    ...u32(0),
    ...u16(1),
    ...u16(0x9003),
    ...u16(2),
    ...u32(text.length),
    ...u32(valueAt),
    ...u32(0),
    ...text,
  ];
}

/**
 * A baseline JPEG (SOF0, YCbCr 4:4:4, the standard quantisation and Huffman
 * tables of ITU-T T.81 Annex K) of `width` × `height` pixels drawn by
 * `pixel(x, y)`, with an Exif `DateTimeOriginal` when given: a real camera
 * file in miniature, for the demo's photo library.
 */
export function encodeJpeg(width: number, height: number, pixel: (x: number, y: number) => Rgb, options: JpegOptions = {}): Uint8Array {
  const quality = Math.min(100, Math.max(1, Math.round(options.quality ?? 85)));
  const scale = quality < 50 ? 5000 / quality : 200 - quality * 2;
  const tables = baseTables.map((table) => table.map((q) => Math.min(255, Math.max(1, Math.floor((q * scale + 50) / 100)))));
  const dc = [huffmanCodes(huffmanSpecs.dcLuma), huffmanCodes(huffmanSpecs.dcChroma)];
  const ac = [huffmanCodes(huffmanSpecs.acLuma), huffmanCodes(huffmanSpecs.acChroma)];
  const cosines = Array.from({ length: 64 }, (_, i) => Math.cos(((2 * (i >> 3) + 1) * (i & 7) * Math.PI) / 16));
  const bits = new BitWriter();
  const previous = [0, 0, 0];
  const emit = (code: readonly [number, number] | undefined) => {
    if (code === undefined) throw new Error('encodeJpeg: no Huffman code for a symbol');
    bits.write(code[0], code[1]);
  };
  const magnitude = (value: number): [number, number] => {
    const size = value === 0 ? 0 : Math.floor(Math.log2(Math.abs(value))) + 1;
    return [size, value >= 0 ? value : value + (1 << size) - 1];
  };

  const block = new Float64Array(64);
  for (let by = 0; by < height; by += 8) {
    for (let bx = 0; bx < width; bx += 8) {
      const samples = [new Float64Array(64), new Float64Array(64), new Float64Array(64)];
      for (let i = 0; i < 64; i++) {
        const [r, g, b] = pixel(Math.min(width - 1, bx + (i & 7)), Math.min(height - 1, by + (i >> 3)));
        samples[0]![i] = 0.299 * r + 0.587 * g + 0.114 * b - 128;
        samples[1]![i] = -0.168736 * r - 0.331264 * g + 0.5 * b;
        samples[2]![i] = 0.5 * r - 0.418688 * g - 0.081312 * b;
      }
      samples.forEach((input, component) => {
        const table = tables[component === 0 ? 0 : 1]!;
        for (let v = 0; v < 8; v++) {
          for (let u = 0; u < 8; u++) {
            let sum = 0;
            for (let y = 0; y < 8; y++) for (let x = 0; x < 8; x++) sum += input[y * 8 + x]! * cosines[x * 8 + u]! * cosines[y * 8 + v]!;
            const cu = u === 0 ? Math.SQRT1_2 : 1;
            const cv = v === 0 ? Math.SQRT1_2 : 1;
            block[v * 8 + u] = Math.round((0.25 * cu * cv * sum) / table[v * 8 + u]!);
          }
        }
        const k = component === 0 ? 0 : 1;
        const [dcSize, dcBits] = magnitude(block[0]! - previous[component]!);
        previous[component] = block[0]!;
        emit(dc[k]!.get(dcSize));
        bits.write(dcBits, dcSize);
        let run = 0;
        for (let z = 1; z < 64; z++) {
          const value = block[zigzag[z]!]!;
          if (value === 0) {
            run++;
            continue;
          }
          while (run > 15) {
            emit(ac[k]!.get(0xf0));
            run -= 16;
          }
          const [size, valueBits] = magnitude(value);
          emit(ac[k]!.get((run << 4) | size));
          bits.write(valueBits, size);
          run = 0;
        }
        if (run > 0) emit(ac[k]!.get(0x00));
      });
    }
  }
  bits.end();

  const dqt = tables.flatMap((table, id) => [id, ...zigzag.map((n) => table[n]!)]);
  const sof = [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3, 1, 0x11, 0, 2, 0x11, 1, 3, 0x11, 1];
  const dht = [
    [0x00, huffmanSpecs.dcLuma],
    [0x10, huffmanSpecs.acLuma],
    [0x01, huffmanSpecs.dcChroma],
    [0x11, huffmanSpecs.acChroma],
  ].flatMap(([id, spec]) => {
    const { counts, symbols } = spec as { counts: number[]; symbols: number[] };
    return [id as number, ...counts, ...symbols];
  });
  const sos = [3, 1, 0x00, 2, 0x11, 3, 0x11, 0, 63, 0];
  return Uint8Array.from([
    0xff,
    0xd8,
    ...(options.dateTimeOriginal === undefined ? [] : segment(0xe1, exifPayload(options.dateTimeOriginal))),
    ...segment(0xdb, dqt),
    ...segment(0xc0, sof),
    ...segment(0xc4, dht),
    ...segment(0xda, sos),
    ...bits.bytes,
    0xff,
    0xd9,
  ]);
}
