/** What a PDF needs to know about a JPEG to embed it as is (DCTDecode). */
export interface JpegInfo {
  /** Width in pixels (never 0). */
  readonly width: number;
  /** Height in pixels (never 0). */
  readonly height: number;
  /** Colour components: 1 grey, 3 RGB (YCbCr), 4 CMYK. */
  readonly components: 1 | 3 | 4;
  /** The frame marker that described it: 0xC0–0xC3 (SOF0–SOF3). */
  readonly frameMarker: number;
  /** The sample precision the frame declares, in bits. */
  readonly precision: number;
}

/**
 * Reads a JPEG's frame header (clarification 9): checks the SOI marker,
 * walks the marker segments from offset 2 and answers the first SOF0–SOF3
 * frame's size and component count (other segments, other frame types
 * included, are skipped). Answers `undefined` when the bytes are not such a
 * JPEG: no SOI, SOS or EOI before an SOF0–SOF3, a component count other than
 * 1, 3 or 4, a zero width or height (a DNL-sized frame), or a file truncated
 * (or malformed) before that frame ends.
 */
export function readJpegInfo(bytes: Uint8Array): JpegInfo | undefined {
  const n = bytes.length;
  if (n < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  let at = 2;
  for (;;) {
    if (at >= n || bytes[at] !== 0xff) return undefined;
    while (at < n && bytes[at] === 0xff) at++;
    if (at >= n) return undefined;
    const marker = bytes[at++] as number;
    if (marker === 0xda || marker === 0xd9 || marker === 0x00) return undefined;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) continue;
    if (at + 2 > n) return undefined;
    const segment = ((bytes[at] as number) << 8) | (bytes[at + 1] as number);
    if (segment < 2 || at + segment > n) return undefined;
    if (marker >= 0xc0 && marker <= 0xc3) {
      if (segment < 8) return undefined;
      const precision = bytes[at + 2] as number;
      const height = ((bytes[at + 3] as number) << 8) | (bytes[at + 4] as number);
      const width = ((bytes[at + 5] as number) << 8) | (bytes[at + 6] as number);
      const components = bytes[at + 7] as number;
      if (components !== 1 && components !== 3 && components !== 4) return undefined;
      if (segment < 8 + 3 * components || width === 0 || height === 0) return undefined;
      return { width, height, components, frameMarker: marker, precision };
    }
    at += segment;
  }
}
