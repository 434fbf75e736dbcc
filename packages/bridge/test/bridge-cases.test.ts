import { describe, expect, it } from 'vitest';
import { bridgeCall } from '../src/bridge-call.js';
import { catalog, context, doc, fakeNative, seededStore } from './fixture.js';

interface BridgeCase {
  name: string;
  tool: string;
  arguments: unknown;
  blobs?: Record<string, string>;
  native: unknown;
  nativeResult: unknown;
  puts: { name: string; mimeType: string; base64: string }[];
  expected: { structuredContent: unknown } | { isError: string; outcome: string };
}

const cases = doc['bridgeCases'] as BridgeCase[];

describe('bridgeCases of the fixture', () => {
  it('has cases', () => {
    expect(cases.length).toBeGreaterThan(0);
  });

  for (const c of cases) {
    it(c.name, async () => {
      const store = seededStore(c.blobs);
      const fake = fakeNative(c.nativeResult);
      const { result, outcome } = await bridgeCall({
        catalog,
        tool: c.tool,
        arguments: c.arguments,
        context,
        blobs: store,
        native: fake.native,
      });

      if (c.native === null) expect(fake.calls).toEqual([]);
      else {
        expect(fake.calls).toEqual([c.native]);
        expect(JSON.stringify(fake.calls[0])).toBe(JSON.stringify(c.native));
      }
      expect(store.puts).toEqual(c.puts.map((put) => ({ app: context.app, ...put })));

      if ('structuredContent' in c.expected) {
        expect(outcome).toBe('ok');
        expect(result.isError).toBeUndefined();
        expect(result.structuredContent).toEqual(c.expected.structuredContent);
        expect(result.content).toEqual([{ type: 'text', text: JSON.stringify(c.expected.structuredContent) }]);
      } else {
        expect(outcome).toBe(c.expected.outcome);
        expect(result).toEqual({ content: [{ type: 'text', text: c.expected.isError }], isError: true });
      }
    });
  }
});
