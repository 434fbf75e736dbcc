/**
 * `renderPdf` against pdfkit on the same 200-page text document (pages per
 * second, target ≥ 5×), and the largest document print_pdf's schema allows
 * (2,000 text blocks × 20,000 characters): time (target < 2 s) and peak
 * memory above baseline, measured in a child process (target < 4× the
 * output size).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import PDFDocument from 'pdfkit';
import type { PdfTable } from '../packages/catalog/src/index.js';
import { renderPdf, type PdfArguments, type RenderedPdf } from '../packages/pdf/src/index.js';
import { type BenchRow, measure, measureAsync, printTable } from './harness.js';

const table = (JSON.parse(readFileSync(new URL('../fixtures/capabilities.json', import.meta.url), 'utf8')) as { pdf: PdfTable }).pdf;

const vocabulary =
  'the lake was still in morning and we walked along shore until light came over hills then sat on jetty with coffee watched boats go out one by evening quiet calm summer album photos page chapter story water stones'.split(
    ' ',
  );

/** Deterministic words (a small linear congruential generator). */
function words(seed: number): () => string {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return vocabulary[state % vocabulary.length] as string;
  };
}

/** A paragraph of about `chars` characters of words (exactly `chars` when `exact`). */
function paragraph(next: () => string, chars: number, exact = false): string {
  const parts: string[] = [];
  let length = 0;
  while (length < chars) {
    const word = next();
    parts.push(word);
    length += word.length + 1;
  }
  const text = parts.join(' ');
  return exact ? text.slice(0, chars) : text;
}

function ok(result: RenderedPdf | { error: string }): RenderedPdf {
  if ('error' in result) throw new Error(result.error);
  return result;
}

/** Paragraphs that renderPdf lays out on exactly 200 pages. */
function twoHundredPages(): string[] {
  const next = words(7);
  const paragraphs: string[] = [];
  for (;;) {
    paragraphs.push(paragraph(next, 500 + (paragraphs.length % 7) * 60));
    const pages = ok(renderPdf({ title: 'Bench', blocks: paragraphs.map((text) => ({ text })) }, {}, { table })).pages;
    if (pages > 200) {
      paragraphs.pop();
      return paragraphs;
    }
  }
}

/** The largest document the schema allows: 2,000 text blocks of 20,000 characters of words. */
function largestArguments(): PdfArguments {
  const next = words(11);
  return { title: 'Largest', blocks: Array.from({ length: 2000 }, () => ({ text: paragraph(next, 20000, true) })) };
}

/** Renders the paragraphs with pdfkit (A4, margin 56, Helvetica 11, leading 15, width 483), collecting the output in memory. */
function pdfkit(paragraphs: readonly string[], compress: boolean): Promise<{ bytes: number; pages: number }> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, compress, bufferPages: false });
    const chunks: Buffer[] = [];
    let pages = 1;
    doc.on('pageAdded', () => pages++);
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve({ bytes: chunks.reduce((n, c) => n + c.length, 0), pages }));
    doc.on('error', reject);
    doc.font('Helvetica').fontSize(11);
    const lineGap = 15 - doc.currentLineHeight(true);
    for (const text of paragraphs) doc.text(text, { width: 483, lineGap, paragraphGap: 6 });
    doc.end();
  });
}

/**
 * Child-process mode: renders the largest document once for memory (peak
 * RSS above the baseline taken after a small warm-up and a full GC, before
 * any large allocation), then once more for time (wall and CPU, JIT warm),
 * and prints the figures as JSON.
 */
function memoryChild(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  const args = largestArguments();
  ok(renderPdf({ title: 'warm', blocks: args.blocks.slice(0, 20) }, {}, { table }));
  gc?.();
  gc?.();
  const before = process.memoryUsage();
  let peakReset = true;
  try {
    writeFileSync('/proc/self/clear_refs', '5');
  } catch {
    peakReset = false;
  }
  const first = ok(renderPdf(args, {}, { table }));
  const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
  const peakRss = peakReset && hwm ? Number(hwm) * 1024 : process.resourceUsage().maxRSS * 1024;
  const firstSize = first.bytes.length;
  gc?.();
  const cpu = process.cpuUsage();
  const start = performance.now();
  const result = ok(renderPdf(args, {}, { table }));
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  if (result.bytes.length !== firstSize) throw new Error('two renders differ in size');
  console.log(
    JSON.stringify({
      ms,
      cpuMs: (used.user + used.system) / 1000,
      size: result.bytes.length,
      pages: result.pages,
      rssBefore: before.rss,
      peakRss,
      peakMeasured: peakReset && hwm ? 'VmHWM after clear_refs' : 'maxRSS',
    }),
  );
}

const MB = 2 ** 20;

/** Runs the comparison and the largest-document measurements. */
export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const paragraphs = twoHundredPages();
  const args: PdfArguments = { title: 'Bench', blocks: paragraphs.map((text) => ({ text })) };
  const ours = ok(renderPdf(args, {}, { table }));
  const oursRate = measure(() => renderPdf(args, {}, { table }), { minMs: 2000 }) * ours.pages;
  rows.push({
    name: 'renderPdf, 200-page text',
    value: oursRate,
    unit: 'pages/s',
    note: `${paragraphs.length} paragraphs, ${(ours.bytes.length / MB).toFixed(2)} MB`,
  });

  const plain = await pdfkit(paragraphs, false);
  const plainRate = (await measureAsync(() => pdfkit(paragraphs, false), { minMs: 3000, warmupMs: 500 })) * plain.pages;
  rows.push({
    name: 'pdfkit, same paragraphs (compress: false)',
    value: plainRate,
    unit: 'pages/s',
    note: `${plain.pages} pages, ${(plain.bytes / MB).toFixed(2)} MB`,
  });
  const packed = await pdfkit(paragraphs, true);
  const packedRate = (await measureAsync(() => pdfkit(paragraphs, true), { minMs: 3000, warmupMs: 500 })) * packed.pages;
  rows.push({
    name: 'pdfkit, same paragraphs (compress: true)',
    value: packedRate,
    unit: 'pages/s',
    note: `${packed.pages} pages, ${(packed.bytes / MB).toFixed(2)} MB`,
  });
  const ratio = oursRate / Math.max(plainRate, packedRate);
  rows.push({ name: 'renderPdf / pdfkit (faster setting)', value: ratio, unit: '×', note: `target ≥ 5×: ${ratio >= 5 ? 'met' : 'MISSED'}` });

  const child = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url), '--memory-child'], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  const line = child.stdout.trim().split('\n').at(-1) ?? '';
  if (child.status !== 0 || !line.startsWith('{')) throw new Error(`memory child failed: ${child.stderr}`);
  const m = JSON.parse(line) as { ms: number; cpuMs: number; size: number; pages: number; peakRss: number; rssBefore: number; peakMeasured: string };
  rows.push({
    name: 'renderPdf, largest document (2,000 × 20,000 chars)',
    value: m.ms,
    unit: 'ms',
    note: `${m.pages} pages, ${(m.size / MB).toFixed(1)} MB, CPU ${m.cpuMs.toFixed(0)} ms; target < 2000 ms: ${m.ms < 2000 ? 'met' : 'MISSED'}`,
  });
  const peak = m.peakRss - m.rssBefore;
  rows.push({
    name: 'largest document: peak RSS above baseline',
    value: peak / MB,
    unit: 'MB',
    note: `${m.peakMeasured}; output ${(m.size / MB).toFixed(1)} MB`,
  });
  rows.push({
    name: 'largest document: peak memory / output size',
    value: peak / m.size,
    unit: '×',
    note: `target < 4×: ${peak / m.size < 4 ? 'met' : 'MISSED'}`,
  });
  return rows;
}

const entry = process.argv[1];
if (entry && import.meta.url === pathToFileURL(entry).href) {
  if (process.argv.includes('--memory-child')) memoryChild();
  else printTable(await run());
}
