import { describe, expect, it } from 'vitest';
import { catalog as builtIn, type CallFrom, type ManifestEntry, type Grant, type ToolCall } from '@xcap/catalog';
import { agentToolList, brokerDecide, parseToolName } from '../src/index.js';
import { cases, catalog } from './fixture.js';

interface ParseCase {
  from: CallFrom;
  name: string;
  expected: unknown;
}
interface DecideCase {
  name: string;
  manifest: ManifestEntry[];
  grants: Record<string, Grant>;
  provided: string[];
  foreground: boolean;
  call: ToolCall;
  expected: unknown;
}
interface ListCase {
  name: string;
  manifest: ManifestEntry[];
  provided: string[];
  expected: string[];
}

describe('parseCases', () => {
  for (const c of cases<ParseCase>('parseCases')) {
    it(`${c.from} ${c.name}`, () => {
      expect(parseToolName(catalog, c.from, c.name)).toEqual(c.expected);
    });
  }
});

describe('decideCases', () => {
  for (const c of cases<DecideCase>('decideCases')) {
    it(c.name, () => {
      expect(brokerDecide(catalog, c)).toEqual(c.expected);
    });
  }
});

describe('listCases', () => {
  for (const c of cases<ListCase>('listCases')) {
    it(c.name, () => {
      expect(agentToolList(catalog, c).map((tool) => tool.name)).toEqual(c.expected);
    });
  }
});

describe('the built-in catalog of @xcap/catalog answers every case alike', () => {
  it('parseCases, decideCases and listCases', () => {
    for (const c of cases<ParseCase>('parseCases')) expect(parseToolName(builtIn, c.from, c.name)).toEqual(c.expected);
    for (const c of cases<DecideCase>('decideCases')) expect(brokerDecide(builtIn, c)).toEqual(c.expected);
    for (const c of cases<ListCase>('listCases')) expect(agentToolList(builtIn, c).map((tool) => tool.name)).toEqual(c.expected);
  });
});
