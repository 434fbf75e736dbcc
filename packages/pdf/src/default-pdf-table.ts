import { catalog, type PdfTable } from '@xcap/catalog';

/**
 * The PDF table `renderPdf` uses when none is passed: the built-in
 * catalog's `pdf` (`catalog.pdf` from `@xcap/catalog`), read at call time.
 */
export function defaultPdfTable(): PdfTable {
  return catalog.pdf;
}
