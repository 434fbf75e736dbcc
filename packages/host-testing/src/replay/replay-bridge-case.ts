import type { Catalog, JsonObject } from '@xcap/catalog';
import { bridgeCall } from '@xcap/bridge';
import { counterHex } from '../counter-hex.js';
import type { CaseCheck } from './case-check.js';
import { caseBlobs, required, requiredString, type CaseRecord } from './case-fields.js';
import { caseBlobStore } from './case-blob-store.js';
import { sameJson } from './same-json.js';

/**
 * A `bridgeCases` entry, run through the real `bridgeCall` with a fake
 * native that records what it receives and answers the case's
 * `nativeResult`. Three parts must match: `native` (the native's input, or
 * `null` when it must not run; key order not locked), `puts` (the blob
 * writes, exactly, in order) and the result (exactly, key order included:
 * `{structuredContent}` with outcome `ok` and the same JSON as its text, or
 * `{isError, outcome}`). A failure shows only the parts that differ.
 */
export async function replayBridgeCase(catalog: Catalog, c: CaseRecord): Promise<CaseCheck> {
  const expectedResult = required(c, 'expected');
  const expectedNative = c['native'] ?? null;
  const expectedPuts = c['puts'] ?? [];
  const nativeResult = c['nativeResult'] ?? null;
  const store = caseBlobStore(catalog, caseBlobs(c));
  const received: JsonObject[] = [];
  const end = await bridgeCall({
    catalog,
    tool: requiredString(c, 'tool'),
    arguments: c['arguments'],
    context: catalog.v1.context,
    blobs: store.blobs,
    native: (input) => {
      received.push(structuredClone(input));
      return structuredClone(nativeResult);
    },
    randomHex: counterHex(),
    pdfTable: catalog.pdf,
    timeoutMs: 5_000,
  });

  const got: Record<string, unknown> = {
    native: received.length === 0 ? null : received.length === 1 ? received[0] : received,
    puts: store.removed.length === 0 ? store.puts : { puts: store.puts, removed: store.removed },
    result: resultShape(end.result, end.outcome),
  };
  const expected: Record<string, unknown> = { native: expectedNative, puts: expectedPuts, result: expectedResult };
  const differs = {
    native: !sameJson(expected.native, got.native, false),
    puts: !sameJson(expected.puts, got.puts, true),
    result: !sameJson(expected.result, got.result, true),
  };
  const parts = (Object.keys(differs) as (keyof typeof differs)[]).filter((part) => differs[part]);
  return {
    pass: parts.length === 0,
    expected: Object.fromEntries(parts.map((part) => [part, expected[part]])),
    got: Object.fromEntries(parts.map((part) => [part, got[part]])),
  };
}

/** A bridge answer in the cases' `expected` shape, plus `outcome`/`content` when they break the MCP result rules. */
export function resultShape(
  result: { content: readonly { type: string; text: string }[]; structuredContent?: unknown; isError?: boolean },
  outcome: string,
): Record<string, unknown> {
  if (result.isError === true) return { isError: result.content[0]?.text, outcome };
  const shape: Record<string, unknown> = { structuredContent: result.structuredContent };
  if (outcome !== 'ok') shape.outcome = outcome;
  const text = JSON.stringify(result.structuredContent);
  if (result.content.length !== 1 || result.content[0]?.type !== 'text' || result.content[0].text !== text) shape.content = result.content;
  return shape;
}
