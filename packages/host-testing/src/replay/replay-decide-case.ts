import type { Catalog, Grant, ManifestEntry, ToolCall } from '@xcap/catalog';
import { brokerDecide } from '@xcap/broker';
import type { CaseCheck } from './case-check.js';
import { required, type CaseRecord } from './case-fields.js';
import { sameJson } from './same-json.js';

/** A `decideCases` entry: `brokerDecide` must answer the expected verdict, every field, in order. */
export function replayDecideCase(catalog: Catalog, c: CaseRecord): CaseCheck {
  const expected = required(c, 'expected');
  const got = brokerDecide(catalog, {
    manifest: required(c, 'manifest') as ManifestEntry[],
    grants: required(c, 'grants') as Record<string, Grant>,
    provided: required(c, 'provided') as string[],
    foreground: required(c, 'foreground') as boolean,
    call: required(c, 'call') as ToolCall,
  });
  return { pass: sameJson(expected, got, true), expected, got };
}
