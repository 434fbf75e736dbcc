/**
 * `@xcap/pdf`: the engine's own `print_pdf` writer — one A4 layout written
 * byte for byte as the spec locks it (headings, wrapped WinAnsi text,
 * JPEG/PNG images with captions, page breaks).
 * @packageDocumentation
 */
export { renderPdf } from './render-pdf.js';
export type { PdfArguments, PdfBlock, PdfFiles, RenderedPdf, RenderPdfOptions } from './render-pdf.js';
export { defaultPdfName } from './default-pdf-name.js';
export { formatPdfNumber } from './format-pdf-number.js';
export { readJpegInfo } from './read-jpeg-info.js';
export type { JpegInfo } from './read-jpeg-info.js';
export { readPngInfo } from './read-png-info.js';
export type { PngInfo } from './read-png-info.js';
export { readPdfImage } from './read-pdf-image.js';
export type { PdfImage } from './read-pdf-image.js';
