/**
 * Hostile input through the whole call path: whatever an app or agent sends,
 * and however a native answers, the call settles with a defined answer and
 * writes exactly one audit row.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { catalog, qualifiedToolName } from '@xcap/catalog';
import type { NativeScript } from '../src/index.js';
import { createFakeHost, sampleNatives } from '../src/index.js';

const uiNames = catalog.capabilities.flatMap((c) => c.scopes.flatMap((s) => s.tools.map((t) => `${c.name}_${t}`)));
const nameArb = fc.oneof(
  fc.constantFrom(...uiNames).map((n) => ({ ui: n, agent: qualifiedToolName('ui', n) })),
  fc.string().map((n) => ({ ui: n, agent: n })),
);
const nativeArb: fc.Arbitrary<NativeScript> = fc.oneof(
  fc.constant({ throws: 'boom' }),
  fc.constant({ hangs: true as const }),
  fc.anything().map((answers) => ({ answers })),
  fc.string().map((isError) => ({ isError })),
);
const callArb = fc.record({
  from: fc.constantFrom('ui' as const, 'agent' as const),
  name: nameArb,
  args: fc.oneof(fc.constant(undefined), fc.jsonValue(), fc.anything({ withNullPrototype: true, withBoxedValues: true, withSparseArray: true })),
  foreground: fc.boolean(),
  garbageNative: fc.option(nativeArb, { nil: undefined }),
  consent: fc.constantFrom('allow' as const, 'deny' as const, 'dismiss' as const),
});

describe('the call path under arbitrary calls', () => {
  it('always answers a call result or -32602, and writes exactly one audit row per call', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(callArb, { minLength: 1, maxLength: 6 }), async (calls) => {
        const host = createFakeHost({ natives: sampleNatives(), blobs: { f1: 'aGVsbG8=' }, timeoutMs: 5 });
        for (const c of calls) {
          const ui = c.from === 'ui';
          const tool = c.name.ui;
          if (c.garbageNative !== undefined && uiNames.includes(tool)) host.script(tool, c.garbageNative);
          host.consent.answer(c.consent);
          host.setForeground(c.foreground);
          const before = host.auditRows.length;
          const answer = ui ? await host.ui(c.name.ui, c.args) : await host.agent(c.name.agent, c.args, 'run-9');
          expect(host.auditRows.length).toBe(before + 1);
          expect(host.auditRows.at(-1)).toEqual(answer.audit);
          expect(answer.audit.argsHash).toMatch(/^sha256:[0-9a-f]{64}$/);
          if (answer.kind === 'rpcError') {
            expect(answer.error.code).toBe(-32602);
            expect(c.from).toBe('agent');
          } else {
            expect(answer.result.content[0].type).toBe('text');
            expect(typeof answer.result.content[0].text).toBe('string');
            if (answer.result.isError !== true) {
              expect(JSON.parse(answer.result.content[0].text)).toEqual(answer.result.structuredContent);
            }
          }
        }
      }),
      { numRuns: Number(process.env.XCAP_PROPERTY_RUNS ?? 150) },
    );
  }, 120_000);
});
