/** What a PDF needs to know about a PNG to embed its compressed data as is. */
export interface PngInfo {
  /** Width in pixels. */
  readonly width: number;
  /** Height in pixels. */
  readonly height: number;
  /** 0 = greyscale (`/Colors 1`), 2 = RGB (`/Colors 3`). */
  readonly colorType: 0 | 2;
  /** Samples per pixel: 1 or 3. */
  readonly colors: 1 | 3;
  /** Every IDAT chunk's data concatenated in order: the zlib stream a PDF's FlateDecode reads. */
  readonly data: Uint8Array;
}

const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * Reads a PNG the way `print_pdf` embeds it (clarification 9): the signature,
 * an IHDR first, then the chunks up to IEND. Answers `undefined` unless it is
 * an 8-bit greyscale or RGB (colour type 0 or 2), non-interlaced PNG with
 * standard compression and filtering, at least one IDAT, and every chunk
 * complete (a truncated file is refused). CRCs are not checked.
 */
export function readPngInfo(bytes: Uint8Array): PngInfo | undefined {
  const n = bytes.length;
  if (n < 8) return undefined;
  for (let i = 0; i < 8; i++) if (bytes[i] !== signature[i]) return undefined;
  let at = 8;
  let header: { width: number; height: number; depth: number; colorType: number; rest: number } | undefined;
  const parts: Uint8Array[] = [];
  let size = 0;
  let ended = false;
  while (!ended) {
    if (at + 12 > n) return undefined;
    const length = readUint32(bytes, at);
    const type = readUint32(bytes, at + 4);
    const start = at + 8;
    if (length > n - start - 4) return undefined;
    if (header === undefined) {
      if (type !== IHDR || length !== 13) return undefined;
      header = {
        width: readUint32(bytes, start),
        height: readUint32(bytes, start + 4),
        depth: bytes[start + 8] as number,
        colorType: bytes[start + 9] as number,
        rest: (bytes[start + 10] as number) | (bytes[start + 11] as number) | (bytes[start + 12] as number),
      };
    } else if (type === IDAT) {
      parts.push(bytes.subarray(start, start + length));
      size += length;
    } else if (type === IEND) {
      ended = true;
    }
    at = start + length + 4;
  }
  if (header === undefined || parts.length === 0) return undefined;
  const { width, height, depth, colorType, rest } = header;
  if (depth !== 8 || (colorType !== 0 && colorType !== 2) || rest !== 0) return undefined;
  if (width === 0 || height === 0 || width > 0x7fffffff || height > 0x7fffffff) return undefined;
  const data = parts.length === 1 ? (parts[0] as Uint8Array) : new Uint8Array(size);
  if (parts.length > 1) {
    let offset = 0;
    for (const part of parts) {
      data.set(part, offset);
      offset += part.length;
    }
  }
  return { width, height, colorType, colors: colorType === 0 ? 1 : 3, data };
}

const IHDR = 0x49484452;
const IDAT = 0x49444154;
const IEND = 0x49454e44;

function readUint32(bytes: Uint8Array, at: number): number {
  return (bytes[at] as number) * 0x1000000 + (((bytes[at + 1] as number) << 16) | ((bytes[at + 2] as number) << 8) | (bytes[at + 3] as number));
}
