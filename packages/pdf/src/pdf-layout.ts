import type { PdfTable } from '@xcap/catalog';
import { ByteWriter, asciiBytes } from './byte-writer.js';
import { formatPdfNumber } from './format-pdf-number.js';
import { lineStyles, type LineStyle } from './line-styles.js';
import { winAnsiMap, winAnsiNewline, winAnsiUnknown, type WinAnsiMap } from './win-ansi-map.js';

/** One finished page: its content stream data and the image numbers it draws, ascending. */
export interface LaidOutPage {
  readonly content: Uint8Array;
  readonly images: readonly number[];
}

/** The text being laid out: its mapped bytes and the line being filled. */
interface PendingText {
  style: LineStyle;
  buf: Uint8Array;
  lineHas: boolean;
  lineStart: number;
  lineEnd: number;
  lineSum: number;
  lineEscape: number;
  /** Whether the current paragraph has written a line yet. */
  emitted: boolean;
}

const SPACE = 0x20;
const BACKSLASH = 0x5c;
/** 1 for the bytes a PDF string writes escaped: `(`, `)`, `\` and everything from 0x80. */
const needsEscape = new Uint8Array(256).map((_, b) => (b === 0x28 || b === 0x29 || b === BACKSLASH || b >= 0x80 ? 1 : 0));
const tdOpen = asciiBytes(' Td (');
const tjClose = asciiBytes(') Tj ET');

/**
 * The print_pdf layout engine: fed the blocks in order, it places lines and
 * images on A4 pages exactly as the spec says (cursor, gaps, page breaks,
 * greedy wrapping with long-word breaking) and writes each page's content
 * stream as bytes. Time is linear in the text; memory is the pages' content.
 */
export class PdfLayout {
  private readonly writer = new ByteWriter(16384);
  private readonly pages: LaidOutPage[] = [];
  private readonly map: WinAnsiMap;
  private readonly heading18: LineStyle;
  private readonly text11: LineStyle;
  private readonly caption9: LineStyle;
  private readonly top: number;
  private readonly bottom: number;
  private readonly left: string;
  private readonly lineLimit: number;
  private readonly imageWidth: number;
  private readonly imageHeight: number;
  private y: number;
  private operators = 0;
  private pageImages: number[] = [];
  private scratch = new Uint8Array(256);
  private readonly numbers = new Map<number, Uint8Array>();
  private readonly pending: PendingText;

  /** Prepares the layout for a PDF table (page size, margin, fonts, widths, WinAnsi). */
  constructor(table: PdfTable) {
    const [pageWidth, pageHeight] = table.page;
    const margin = table.margin;
    this.top = pageHeight - margin;
    this.bottom = margin;
    this.left = formatPdfNumber(margin);
    this.imageWidth = pageWidth - 2 * margin;
    this.imageHeight = this.top - this.bottom;
    this.lineLimit = this.imageWidth * 1000;
    this.y = this.top;
    this.map = winAnsiMap(table);
    const styles = lineStyles(table);
    this.heading18 = styles.heading;
    this.text11 = styles.text;
    this.caption9 = styles.caption;
    this.pending = { style: this.text11, buf: this.scratch, lineHas: false, lineStart: 0, lineEnd: 0, lineSum: 0, lineEscape: 0, emitted: false };
  }

  /** A heading block: a 12-point gap unless the page is empty, F2 18/24 lines, then 4 points. */
  heading(text: string): void {
    if (this.operators > 0) this.y -= 12;
    this.paragraphs(text, this.heading18);
    this.y -= 4;
  }

  /** A text block: F1 11/15 lines, then 6 points. */
  text(text: string): void {
    this.paragraphs(text, this.text11);
    this.y -= 6;
  }

  /**
   * An image block: image `number` (`/Im<number>`) of `width` × `height`
   * pixels, scaled down to fit, on a new page if it does not fit below the
   * cursor; its caption (4 points below, F1 9/12 lines); then 6 points.
   */
  image(number: number, width: number, height: number, caption?: string): void {
    const scale = Math.min(this.imageWidth / width, this.imageHeight / height, 1);
    const drawnWidth = width * scale;
    const drawnHeight = height * scale;
    if (this.operators > 0 && this.y - drawnHeight < this.bottom) this.newPage();
    this.operator();
    this.writer.ascii(
      `q ${formatPdfNumber(drawnWidth)} 0 0 ${formatPdfNumber(drawnHeight)} ${this.left} ${formatPdfNumber(this.y - drawnHeight)} cm /Im${number} Do Q`,
    );
    if (!this.pageImages.includes(number)) this.pageImages.push(number);
    this.y -= drawnHeight;
    if (caption !== undefined) {
      this.y -= 4;
      this.paragraphs(caption, this.caption9);
    }
    this.y -= 6;
  }

  /** A page break: a new page unless the current one is empty. */
  pageBreak(): void {
    if (this.operators > 0) this.newPage();
  }

  /** Ends the document and answers its pages (a last empty page dropped unless it is the only one). */
  finish(): LaidOutPage[] {
    if (this.operators > 0 || this.pages.length === 0) this.newPage();
    return this.pages;
  }

  private newPage(): void {
    this.pages.push({ content: this.writer.take(), images: this.pageImages.sort((a, b) => a - b) });
    this.pageImages = [];
    this.operators = 0;
    this.y = this.top;
  }

  /** Starts an operator: a `\n` between operators of the same page. */
  private operator(): void {
    if (this.operators > 0) this.writer.byte(0x0a);
    this.operators++;
  }

  /**
   * Lays out a text as lines (clarification 7) in one pass: each character is
   * mapped to WinAnsi, measured and stored in `scratch` with runs of spaces
   * collapsed to one, so every line is one contiguous byte range there.
   */
  private paragraphs(text: string, style: LineStyle): void {
    const n = text.length;
    if (this.scratch.length < n + 1) this.scratch = new Uint8Array(Math.max(n + 1, this.scratch.length * 2));
    const buf = this.scratch;
    const { bmp, astral } = this.map;
    const widths = style.widths;
    const p = this.pending;
    p.style = style;
    p.buf = buf;
    p.lineHas = false;
    p.emitted = false;
    let length = 0;
    let inWord = false;
    let wordStart = 0;
    let wordSum = 0;
    let wordEscape = 0;
    for (let i = 0; i < n; i++) {
      const unit = text.charCodeAt(i);
      let code: number;
      if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < n && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
        code = astral.get((unit - 0xd800) * 0x400 + (text.charCodeAt(++i) - 0xdc00) + 0x10000) ?? winAnsiUnknown;
      } else {
        code = bmp[unit] as number;
      }
      if (code > SPACE) {
        if (!inWord) {
          if (length > 0) buf[length++] = SPACE;
          inWord = true;
          wordStart = length;
          wordSum = 0;
          wordEscape = 0;
        }
        buf[length++] = code;
        wordSum += widths[code] as number;
        wordEscape |= needsEscape[code] as number;
      } else if (code === SPACE || code === winAnsiNewline) {
        if (inWord) {
          this.word(wordStart, length, wordSum, wordEscape);
          inWord = false;
        }
        if (code === winAnsiNewline) this.endParagraph();
      }
    }
    if (inWord) this.word(wordStart, length, wordSum, wordEscape);
    this.endParagraph();
  }

  /** Greedy fill: word `[start, end)` of the pending paragraph, `sum` wide, joins the line, starts one, or is broken. */
  private word(start: number, end: number, sum: number, escape: number): void {
    const p = this.pending;
    const { widths, space, size } = p.style;
    const limit = this.lineLimit;
    if (p.lineHas && (p.lineSum + space + sum) * size <= limit) {
      p.lineEnd = end;
      p.lineSum += space + sum;
      p.lineEscape |= escape;
      return;
    }
    if (p.lineHas) {
      this.writeLine(p.lineStart, p.lineEnd, p.lineEscape);
      p.emitted = true;
    }
    if (sum * size <= limit) {
      p.lineHas = true;
      p.lineStart = start;
      p.lineEnd = end;
      p.lineSum = sum;
      p.lineEscape = escape;
      return;
    }
    p.emitted = true;
    const buf = p.buf;
    let from = start;
    let pieceSum = 0;
    let pieceEscape = 0;
    for (let k = start; k < end; k++) {
      const b = buf[k] as number;
      const w = widths[b] as number;
      if (k > from && (pieceSum + w) * size > limit) {
        this.writeLine(from, k, pieceEscape);
        from = k;
        pieceSum = 0;
        pieceEscape = 0;
      }
      pieceSum += w;
      pieceEscape |= needsEscape[b] as number;
    }
    p.lineHas = true;
    p.lineStart = from;
    p.lineEnd = end;
    p.lineSum = pieceSum;
    p.lineEscape = pieceEscape;
  }

  /** Ends a paragraph: its last line, or one empty line for a paragraph without words. */
  private endParagraph(): void {
    const p = this.pending;
    if (p.lineHas) this.writeLine(p.lineStart, p.lineEnd, p.lineEscape);
    else if (!p.emitted) this.writeLine(0, 0, 0);
    p.lineHas = false;
    p.emitted = false;
  }

  /** Places one line, the bytes `[start, end)` of the pending text (empty: the cursor moves, nothing is drawn). */
  private writeLine(start: number, end: number, escape: number): void {
    const style = this.pending.style;
    if (this.operators > 0 && this.y - style.leading < this.bottom) this.newPage();
    if (end > start) {
      this.operator();
      const writer = this.writer;
      const buf = this.pending.buf;
      writer.write(style.prefix);
      writer.write(this.numberBytes(this.y - style.size));
      writer.write(tdOpen);
      writer.ensure(escape === 0 ? end - start : 4 * (end - start));
      const out = writer.bytes;
      let at = writer.length;
      if (escape === 0) {
        for (let k = start; k < end; k++) out[at++] = buf[k] as number;
      } else {
        for (let k = start; k < end; k++) {
          const b = buf[k] as number;
          if (needsEscape[b] === 0) {
            out[at++] = b;
          } else if (b < 0x80) {
            out[at++] = BACKSLASH;
            out[at++] = b;
          } else {
            out[at++] = BACKSLASH;
            out[at++] = 0x30 + (b >> 6);
            out[at++] = 0x30 + ((b >> 3) & 7);
            out[at++] = 0x30 + (b & 7);
          }
        }
      }
      writer.length = at;
      writer.write(tjClose);
    }
    this.y -= style.leading;
  }

  /** A coordinate as bytes, remembered (text lines repeat the same positions page after page). */
  private numberBytes(value: number): Uint8Array {
    let bytes = this.numbers.get(value);
    if (bytes === undefined) {
      if (this.numbers.size >= 4096) this.numbers.clear();
      bytes = asciiBytes(formatPdfNumber(value));
      this.numbers.set(value, bytes);
    }
    return bytes;
  }
}
