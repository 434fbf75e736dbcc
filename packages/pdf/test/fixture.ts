/** Test helper: the fixture document, its PDF table and the files of a pdf case. */
import { readFileSync } from 'node:fs';
import type { PdfTable } from '@xcap/catalog';
import type { PdfArguments } from '../src/index.js';

/** One `pdfCases` entry as the fixture writes it. */
export interface PdfCase {
  readonly name: string;
  readonly arguments: PdfArguments;
  readonly blobs?: Readonly<Record<string, string>>;
  readonly expected: { readonly name: string; readonly pages: number; readonly size: number; readonly sha256: string } | { readonly isError: string };
}

interface FixtureDoc {
  readonly pdf: PdfTable;
  readonly pdfCases: readonly PdfCase[];
  readonly v1: { readonly blobs: Readonly<Record<string, string>> };
}

/** The parsed fixtures/capabilities.json. */
export const fixture = JSON.parse(readFileSync(new URL('../../../fixtures/capabilities.json', import.meta.url), 'utf8')) as FixtureDoc;

/** The fixture's `pdf` table. */
export const table: PdfTable = fixture.pdf;

/** A case's files: the fixture's `v1.blobs` plus the case's own `blobs`, decoded from base64. */
export function caseFiles(pdfCase: PdfCase): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>();
  for (const [id, base64] of Object.entries({ ...fixture.v1.blobs, ...pdfCase.blobs })) {
    files.set(id, new Uint8Array(Buffer.from(base64, 'base64')));
  }
  return files;
}
