import type { JsonObject, PdfTable } from '@xcap/catalog';
import type { PdfArguments } from '@xcap/pdf';
import type { BlobStore } from './blob-store.js';
import { bridgeReasons } from './bridge-reasons.js';
import { readBlob } from './read-blob.js';
import { putBlob } from './put-blob.js';

/** What the engine's print_pdf needs. */
export interface PrintPdfInput {
  /** print_pdf's validated arguments. */
  readonly arguments: JsonObject;
  readonly app: string;
  readonly blobs: BlobStore;
  readonly pdfTable: PdfTable;
}

/** print_pdf's answer (`{file, pages}`), or the isError reason. */
export type PrintPdfEnd = { readonly ok: true; readonly structuredContent: JsonObject } | { readonly ok: false; readonly reason: string };

/**
 * The engine's own print_pdf: reads every image block's app file in
 * document order (a missing one answers `notFound: <fileId>`, a failing
 * store `storeFailed`; the first failing block decides, clarification 19,
 * so an unsupported image before it answers `unsupportedImage: <fileId>`), lays the document out with
 * `renderPdf`, stores the PDF as an app file (application/pdf) and answers
 * `{file: {name, mimeType, size, fileId}, pages}`. The arguments must
 * have passed print_pdf's input schema. `@xcap/pdf` is loaded by the first
 * call (a host that never prints never loads it).
 */
export async function runPrintPdf(input: PrintPdfInput): Promise<PrintPdfEnd> {
  const pdf = await import('@xcap/pdf');
  const isImage = (bytes: Uint8Array) => pdf.readPdfImage(bytes) !== undefined;
  const files = new Map<string, Uint8Array>();
  const blocks = input.arguments['blocks'];
  for (const block of Array.isArray(blocks) ? blocks : []) {
    const image = block !== null && typeof block === 'object' && !Array.isArray(block) ? block['image'] : undefined;
    if (typeof image !== 'string' || files.has(image)) continue;
    const read = await readBlob(input.blobs, input.app, image);
    if (!read.ok) return { ok: false, reason: firstUnsupportedImage(files, isImage) ?? read.reason };
    files.set(image, read.blob.bytes);
  }

  let rendered: ReturnType<typeof pdf.renderPdf>;
  try {
    rendered = pdf.renderPdf(input.arguments as unknown as PdfArguments, files, { table: input.pdfTable });
  } catch {
    return { ok: false, reason: bridgeReasons.renderFailed };
  }
  if ('error' in rendered) return { ok: false, reason: rendered.error };

  const { bytes, name, pages } = rendered;
  const fileId = await putBlob(input.blobs, input.app, name, 'application/pdf', bytes);
  if (fileId === null) return { ok: false, reason: bridgeReasons.storeFailed };
  return { ok: true, structuredContent: { file: { name, mimeType: 'application/pdf', size: bytes.length, fileId }, pages } };
}

/** The first file read so far (in document order) that is no supported image, as its `unsupportedImage: <fileId>` reason. */
function firstUnsupportedImage(files: ReadonlyMap<string, Uint8Array>, isImage: (bytes: Uint8Array) => boolean): string | undefined {
  for (const [fileId, bytes] of files) if (!isImage(bytes)) return `unsupportedImage: ${fileId}`;
  return undefined;
}
