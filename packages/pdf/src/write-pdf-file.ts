import type { PdfTable } from '@xcap/catalog';
import { ByteWriter, asciiBytes } from './byte-writer.js';
import { formatPdfNumber } from './format-pdf-number.js';
import type { LaidOutPage } from './pdf-layout.js';
import type { PdfImage } from './read-pdf-image.js';

const header = new Uint8Array([...asciiBytes('%PDF-1.4\n%'), 0xe2, 0xe3, 0xcf, 0xd3, 0x0a]);
const streamOpen = asciiBytes('\nstream\n');
const streamClose = asciiBytes('\nendstream\nendobj\n');

/**
 * Assembles the PDF file from laid-out pages and images, in the spec's
 * object order: 1 Catalog, 2 Pages, 3 F1, 4 F2, 5 Info, one XObject per
 * image (`/Im1` = object 6, …), then per page its Page and its content; the
 * xref table with exact offsets and the trailer. Builds byte pieces and
 * copies them once into the answer.
 */
export function writePdfFile(title: string, pages: readonly LaidOutPage[], images: readonly PdfImage[], table: PdfTable): Uint8Array {
  const pieces: Uint8Array[] = [];
  const offsets: number[] = [];
  let size = 0;
  const put = (bytes: Uint8Array): void => {
    pieces.push(bytes);
    size += bytes.length;
  };
  const object = (body: string): void => {
    offsets.push(size);
    put(asciiBytes(`${offsets.length} 0 obj\n${body}\nendobj\n`));
  };
  const streamObject = (dictionary: string, data: Uint8Array): void => {
    offsets.push(size);
    put(asciiBytes(`${offsets.length} 0 obj\n<< ${dictionary}/Length ${data.length} >>`));
    put(streamOpen);
    put(data);
    put(streamClose);
  };

  const firstPage = 6 + images.length;
  put(header);
  object('<< /Type /Catalog /Pages 2 0 R >>');
  const kids = pages.map((_, i) => `${firstPage + 2 * i} 0 R`).join(' ');
  object(`<< /Type /Pages /Kids [${kids}] /Count ${pages.length} >>`);
  object(`<< /Type /Font /Subtype /Type1 /BaseFont /${table.fonts.F1} /Encoding /WinAnsiEncoding >>`);
  object(`<< /Type /Font /Subtype /Type1 /BaseFont /${table.fonts.F2} /Encoding /WinAnsiEncoding >>`);
  object(`<< /Title <FEFF${utf16Hex(title)}> /Producer (Exponential Engine) >>`);
  for (const image of images) {
    const params =
      image.filter === 'FlateDecode' ? `/DecodeParms << /Predictor 15 /Colors ${image.colors} /BitsPerComponent 8 /Columns ${image.width} >> ` : '';
    streamObject(
      `/Type /XObject /Subtype /Image /Width ${image.width} /Height ${image.height} /ColorSpace /${image.colorSpace} /BitsPerComponent 8 /Filter /${image.filter} ${params}`,
      image.data,
    );
  }
  const mediaBox = `[0 0 ${formatPdfNumber(table.page[0])} ${formatPdfNumber(table.page[1])}]`;
  pages.forEach((page, i) => {
    const xObjects = page.images.length > 0 ? ` /XObject << ${page.images.map((k) => `/Im${k} ${5 + k} 0 R`).join(' ')} >>` : '';
    object(
      `<< /Type /Page /Parent 2 0 R /MediaBox ${mediaBox} /Resources << /Font << /F1 3 0 R /F2 4 0 R >>${xObjects} >> /Contents ${firstPage + 2 * i + 1} 0 R >>`,
    );
    streamObject('', page.content);
  });

  const xrefAt = size;
  const count = offsets.length + 1;
  const xref = new ByteWriter(64 + 20 * count);
  xref.ascii(`xref\n0 ${count}\n0000000000 65535 f \n`);
  for (const offset of offsets) xref.ascii(`${String(offset).padStart(10, '0')} 00000 n \n`);
  xref.ascii(`trailer\n<< /Size ${count} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`);
  put(xref.take());

  const file = new Uint8Array(size);
  let at = 0;
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i] as Uint8Array;
    file.set(piece, at);
    at += piece.length;
  }
  return file;
}

/** UTF-16BE code units as uppercase hex (a character outside the BMP is its surrogate pair). */
function utf16Hex(text: string): string {
  const digits: string[] = [];
  for (let i = 0; i < text.length; i++) digits.push(text.charCodeAt(i).toString(16).toUpperCase().padStart(4, '0'));
  return digits.join('');
}
