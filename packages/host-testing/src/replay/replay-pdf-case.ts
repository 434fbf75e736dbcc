import { createHash } from 'node:crypto';
import type { Catalog } from '@xcap/catalog';
import { bridgeCall, type BridgeCallEnd } from '@xcap/bridge';
import type { CaseCheck } from './case-check.js';
import { caseBlobs, required, type CaseRecord } from './case-fields.js';
import { caseBlobStore, type CaseBlobStore } from './case-blob-store.js';
import { resultShape } from './replay-bridge-case.js';
import { sameJson } from './same-json.js';

/**
 * A `pdfCases` entry, run as the engine's print_pdf through the real
 * `bridgeCall` (validate → lay out with the document's `pdf` table → store):
 * the stored file must be exactly `{name, pages, size, sha256}` — and be the
 * only file written, `application/pdf`, with the answer's name and size,
 * else the answer is shown too — or the answer exactly `{isError}` (outcome
 * isError, nothing stored).
 */
export async function replayPdfCase(catalog: Catalog, c: CaseRecord): Promise<CaseCheck> {
  const expected = required(c, 'expected');
  const store = caseBlobStore(catalog, caseBlobs(c));
  const end = await bridgeCall({
    catalog,
    tool: 'print_pdf',
    arguments: c['arguments'],
    context: catalog.v1.context,
    blobs: store.blobs,
    pdfTable: catalog.pdf,
  });
  const got = pdfShape(catalog.v1.context.app, end, store);
  return { pass: sameJson(expected, got, true), expected, got };
}

function pdfShape(app: string, end: BridgeCallEnd, store: CaseBlobStore): unknown {
  if (end.result.isError === true) {
    const shape = resultShape(end.result, end.outcome);
    return end.outcome === 'isError' && store.puts.length === 0 ? { isError: shape.isError } : { ...shape, puts: store.puts.length };
  }
  const answer = end.result.structuredContent as { file?: { name?: unknown; mimeType?: unknown; size?: unknown; fileId?: unknown }; pages?: unknown };
  const file = answer.file;
  const stored = typeof file?.fileId === 'string' ? store.memory.get(app, file.fileId) : undefined;
  if (stored === undefined) return { structuredContent: answer, stored: null };
  const got: Record<string, unknown> = {
    name: file?.name,
    pages: answer.pages,
    size: stored.bytes.length,
    sha256: createHash('sha256').update(stored.bytes).digest('hex'),
  };
  const consistent =
    store.puts.length === 1 &&
    stored.name === file?.name &&
    stored.mimeType === 'application/pdf' &&
    file?.mimeType === 'application/pdf' &&
    file.size === stored.bytes.length &&
    sameJson(Object.keys(answer), ['file', 'pages'], true) &&
    sameJson(resultShape(end.result, end.outcome), { structuredContent: answer }, true);
  if (!consistent) got.answer = { structuredContent: answer, outcome: end.outcome, puts: store.puts.length };
  return got;
}
