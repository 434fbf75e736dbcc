import type { PdfTable } from '@xcap/catalog';
import { defaultPdfName } from './default-pdf-name.js';
import { defaultPdfTable } from './default-pdf-table.js';
import { readPdfImage, type PdfImage } from './read-pdf-image.js';
import { PdfLayout } from './pdf-layout.js';
import { writePdfFile } from './write-pdf-file.js';

/** Input of `renderPdf`: the validated `print_pdf` arguments. */
export interface PdfArguments {
  readonly title: string;
  readonly name?: string;
  readonly blocks: readonly PdfBlock[];
}

/** One block of a print_pdf document: a heading, a text, an app image (with an optional caption) or a page break. */
export type PdfBlock = { heading: string } | { text: string } | { image: string; caption?: string } | { pageBreak: true };

/** The app's files by file id (a Map or a plain object). */
export type PdfFiles = ReadonlyMap<string, Uint8Array> | Readonly<Record<string, Uint8Array>>;

/** A rendered document: the PDF file's bytes, its page count and the name to store it under. */
export interface RenderedPdf {
  readonly bytes: Uint8Array;
  readonly pages: number;
  readonly name: string;
}

/** Options of `renderPdf`. */
export interface RenderPdfOptions {
  /** The layout table (page, margin, fonts, widths, winAnsi); default: the built-in catalog's `pdf`. */
  readonly table?: PdfTable;
}

/**
 * Renders `print_pdf` arguments as the spec's byte-exact A4 PDF. Answers
 * `{error}` with `notFound: <fileId>` for an image block whose file is
 * missing, `unsupportedImage: <fileId>` for one that is not a supported
 * JPEG or PNG (the first such block wins). Deterministic: the same input
 * always gives the same bytes. Throws a TypeError only for arguments that
 * cannot have passed print_pdf's schema (a block of no known kind).
 */
export function renderPdf(args: PdfArguments, files: PdfFiles, options: RenderPdfOptions = {}): RenderedPdf | { error: string } {
  const table = options.table ?? defaultPdfTable();
  const numbers = new Map<string, number>();
  const images: PdfImage[] = [];
  for (const [index, block] of args.blocks.entries()) {
    const given: unknown = block; // JavaScript callers can pass anything
    if (typeof given !== 'object' || given === null) throw new TypeError(`renderPdf: /blocks/${index} is not an object`);
    if (!('image' in block) || 'heading' in block || 'text' in block) continue;
    const fileId = block.image;
    if (numbers.has(fileId)) continue;
    const bytes = fileBytes(files, fileId);
    if (bytes === undefined) return { error: `notFound: ${fileId}` };
    const image = readPdfImage(bytes);
    if (image === undefined) return { error: `unsupportedImage: ${fileId}` };
    images.push(image);
    numbers.set(fileId, images.length);
  }

  const layout = new PdfLayout(table);
  args.blocks.forEach((block, index) => {
    if ('heading' in block) layout.heading(block.heading);
    else if ('text' in block) layout.text(block.text);
    else if ('image' in block) {
      const number = numbers.get(block.image) as number;
      const image = images[number - 1] as PdfImage;
      layout.image(number, image.width, image.height, block.caption);
    } else if ('pageBreak' in block && (block.pageBreak as unknown) === true) layout.pageBreak();
    else throw new TypeError(`renderPdf: /blocks/${index} is not a heading, text, image or pageBreak block`);
  });
  const pages = layout.finish();
  return {
    bytes: writePdfFile(args.title, pages, images, table),
    pages: pages.length,
    name: args.name ?? defaultPdfName(args.title),
  };
}

function fileBytes(files: PdfFiles, fileId: string): Uint8Array | undefined {
  if (files instanceof Map) return (files as ReadonlyMap<string, Uint8Array>).get(fileId);
  const record = files as Readonly<Record<string, Uint8Array>>;
  return Object.prototype.hasOwnProperty.call(record, fileId) ? record[fileId] : undefined;
}
