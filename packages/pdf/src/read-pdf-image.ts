import { readJpegInfo } from './read-jpeg-info.js';
import { readPngInfo } from './read-png-info.js';

/** An image ready to become a PDF image XObject. */
export interface PdfImage {
  readonly width: number;
  readonly height: number;
  readonly colorSpace: 'DeviceGray' | 'DeviceRGB' | 'DeviceCMYK';
  /** `DCTDecode`: a JPEG as is; `FlateDecode`: a PNG's IDAT data with PNG predictors. */
  readonly filter: 'DCTDecode' | 'FlateDecode';
  /** Samples per pixel (the PNG predictor's `/Colors`). */
  readonly colors: 1 | 3 | 4;
  /** The stream data. */
  readonly data: Uint8Array;
}

const jpegSpaces = { 1: 'DeviceGray', 3: 'DeviceRGB', 4: 'DeviceCMYK' } as const;

/**
 * Reads a file as a print_pdf image: a JPEG (SOF0–SOF3, 1/3/4 components)
 * embedded as is, or an 8-bit grey/RGB non-interlaced PNG whose IDATs are
 * embedded as one FlateDecode stream. Answers `undefined` for anything else
 * (the caller's `unsupportedImage`).
 */
export function readPdfImage(bytes: Uint8Array): PdfImage | undefined {
  const jpeg = readJpegInfo(bytes);
  if (jpeg) {
    return {
      width: jpeg.width,
      height: jpeg.height,
      colorSpace: jpegSpaces[jpeg.components],
      filter: 'DCTDecode',
      colors: jpeg.components,
      data: bytes,
    };
  }
  const png = readPngInfo(bytes);
  if (png) {
    return {
      width: png.width,
      height: png.height,
      colorSpace: png.colors === 1 ? 'DeviceGray' : 'DeviceRGB',
      filter: 'FlateDecode',
      colors: png.colors,
      data: png.data,
    };
  }
  return undefined;
}
