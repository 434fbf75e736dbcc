import { MemoryTokenStore } from '@xcap/tokens';
import { describe, expect, it } from 'vitest';
import { ConformanceFailure, storeConformanceSuite, type ConformanceNode, type ConformanceTest, type StoreConformanceOptions } from '../src/conformance.js';
import { errorOf } from '@xcap/test-support';

const tokensOnly: StoreConformanceOptions['open'] = async () => {
  const tokens = new MemoryTokenStore();
  return { tokens, another: async () => ({ tokens }), close: async () => undefined };
};

function tests(node: ConformanceNode, path: string[] = []): [string, ConformanceTest][] {
  return node.kind === 'test' ? [[[...path, node.title].join(' > '), node]] : node.children.flatMap((child) => tests(child, [...path, node.title]));
}

function find(all: [string, ConformanceTest][], part: string): ConformanceTest {
  const hit = all.find(([title]) => title.includes(part));
  if (hit === undefined) throw new Error(`no test titled …${part}…`);
  return hit[1];
}

describe('storeConformanceSuite: sections, skips and missing stores', () => {
  it('skips a whole section or one test with its reason, and runs the rest', () => {
    const all = tests(
      storeConformanceSuite({
        name: 'x',
        open: tokensOnly,
        skip: [
          { reason: 'no grants here', tests: ['grants'] },
          { reason: 'one only', tests: ['tokens: a taken name is a TokenNameTakenError and keeps its token'] },
        ],
      }),
    );
    const grants = all.filter(([title]) => title.includes('> grants >'));
    expect(grants.length).toBeGreaterThan(0);
    for (const [, test] of grants) expect(test.skip).toBe('no grants here');
    expect(find(all, 'a taken name is a TokenNameTakenError').skip).toBe('one only');
    expect(find(all, 'a wrong token is refused').skip).toBeUndefined();
    expect(find(all, 'answers are per app and per scope').title).toBe('answers are per app and per scope — skipped: no grants here');
  });

  it('fails a section whose store is left out and not skipped, saying so', async () => {
    const all = tests(storeConformanceSuite({ name: 'x', open: tokensOnly }));
    await expect(find(all, 'answers are per app and per scope').run()).rejects.toThrow(
      errorOf(ConformanceFailure, 'the stores under test have no grants: give it, or skip its section with a reason'),
    );
    await expect(find(all, 'a wrong token is refused').run()).resolves.toBeUndefined();
  });

  it('fails a skip that names no section or test of the suite', async () => {
    const check = (skip: string[]) =>
      find(tests(storeConformanceSuite({ name: 'x', open: tokensOnly, skip: [{ reason: 'r', tests: skip }] })), 'every skip names');
    await expect(check(['grants', 'tokens']).run()).resolves.toBeUndefined();
    await expect(check(['grants', 'token']).run()).rejects.toThrow(errorOf(ConformanceFailure, 'these skips name no section or test of this suite: token'));
  });
});
