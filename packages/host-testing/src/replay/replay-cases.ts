import { CatalogError, caseKinds, loadCatalog, type CaseKind, type Catalog } from '@xcap/catalog';
import type { CaseCheck } from './case-check.js';
import { caseName, caseRecord, isCaseRecord, type CaseRecord } from './case-fields.js';
import { compactJson } from './compact-json.js';
import { replayAuditCase } from './replay-audit-case.js';
import { replayBridgeCase } from './replay-bridge-case.js';
import { replayDecideCase } from './replay-decide-case.js';
import { replayListCase } from './replay-list-case.js';
import { replayParseCase } from './replay-parse-case.js';
import { replayPdfCase } from './replay-pdf-case.js';
import type { ReplayedCase, ReplayFailure, ReplayReport } from './replay-report.js';
import { replayValidateCase } from './replay-validate-case.js';

type Replayer = (catalog: Catalog, c: CaseRecord) => CaseCheck | Promise<CaseCheck>;

const replayers: Readonly<Record<CaseKind, Replayer>> = {
  parseCases: replayParseCase,
  decideCases: replayDecideCase,
  listCases: replayListCase,
  auditCases: replayAuditCase,
  validateCases: replayValidateCase,
  bridgeCases: replayBridgeCase,
  pdfCases: replayPdfCase,
};

const labels: Readonly<Record<CaseKind, (c: CaseRecord) => string>> = {
  parseCases: (c) => `${String(c['from'])} ${String(c['name'])}`,
  decideCases: (c) => compactJson(c['call']),
  listCases: (c) => compactJson(c['manifest']),
  auditCases: (c) => compactJson(c['call']),
  validateCases: (c) => `${String(c['tool'])} ${compactJson(c['arguments'])}`,
  bridgeCases: (c) => `${String(c['tool'])} ${compactJson(c['arguments'])}`,
  pdfCases: (c) => compactJson(c['arguments']),
};

/**
 * Replays every case of a catalog document (the shape of
 * `fixtures/capabilities.json`) against the real packages, with the
 * document's OWN capabilities, tools, `pdf` table and `v1` data: parse,
 * decide, list, audit, validate, bridge and pdf cases, kind by kind, in
 * document order. Comparisons are exact (see each replayer); a case that
 * cannot be read or whose replay throws fails with `got: {error}`. Throws a
 * `CatalogError` (JSON pointer first) when the document is not a valid
 * catalog or a case array is not an array.
 */
export async function replayCases(catalogDoc: unknown): Promise<ReplayReport> {
  const catalog = loadCatalog(catalogDoc);
  const doc = catalogDoc as Record<string, unknown>;
  const failures: ReplayFailure[] = [];
  const replayed: ReplayedCase[] = [];
  let passed = 0;
  for (const kind of caseKinds) {
    const cases = doc[kind];
    if (cases === undefined) continue;
    if (!Array.isArray(cases)) throw new CatalogError(`/${kind}`, 'is not an array');
    for (const [index, raw] of (cases as unknown[]).entries()) {
      const c = isCaseRecord(raw) ? raw : {};
      const name = kind === 'parseCases' ? labels.parseCases(c) : caseName(c, () => labels[kind](c));
      let check: CaseCheck;
      try {
        check = await replayers[kind](catalog, caseRecord(raw));
      } catch (error) {
        check = { pass: false, expected: c['expected'], got: { error: error instanceof Error ? error.message : String(error) } };
      }
      replayed.push({ kind, index, name, pass: check.pass });
      if (check.pass) passed++;
      else failures.push({ kind, index, name, expected: check.expected, got: check.got });
    }
  }
  return { passed, failed: failures.length, failures, cases: replayed };
}
