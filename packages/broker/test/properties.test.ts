import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { CallFrom, Grant, ManifestEntry, ToolCall } from '@xcap/catalog';
import { agentToolList, brokerDecide, parseToolName, validateManifest, type BrokerInput } from '../src/index.js';
import { catalog } from './fixture.js';

const scopeIds = catalog.capabilities.flatMap((c) => c.scopes.map((s) => s.id));
const capabilityNames = catalog.capabilities.map((c) => c.name);
const toolPairs = catalog.capabilities.flatMap((c) => c.scopes.flatMap((s) => s.tools.map((tool) => [c.name, tool] as const)));

const manifestEntry = fc.record(
  {
    id: fc.oneof(fc.constantFrom(...scopeIds), fc.string()),
    why: fc.string(),
    origins: fc.array(
      fc.oneof(fc.constantFrom('https://api.example.com', 'https://API.example.com:443', 'https://a.example:8443', 'http://api.example.com'), fc.webUrl()),
      { maxLength: 3 },
    ),
  },
  { requiredKeys: ['id', 'why'] },
);
const manifest = fc.array(manifestEntry, { maxLength: 6 });
const grants = fc.dictionary(fc.constantFrom(...scopeIds), fc.constantFrom<Grant>('granted', 'denied'));
const provided = fc.subarray(capabilityNames);
const url = fc.oneof(
  fc.constantFrom('https://api.example.com/v1', 'https://a.example:8443/', 'http://api.example.com/', 'HTTPS://API.EXAMPLE.COM'),
  fc.webUrl(),
  fc.anything(),
);

describe('properties', () => {
  it('brokerDecide never throws on arbitrary input', () => {
    fc.assert(
      fc.property(
        fc.anything(),
        fc.anything(),
        fc.anything(),
        fc.anything(),
        fc.anything(),
        fc.anything(),
        fc.anything(),
        fc.anything(),
        (m, g, p, fg, from, name, args, call) => {
          const calls = [
            { from, name, arguments: args },
            call,
            { from: 'ui', name: 'http_fetch', arguments: args },
            { from: 'agent', name: 'photos__pick', arguments: args },
          ];
          for (const c of calls) {
            const verdict = brokerDecide(catalog, { manifest: m, grants: g, provided: p, foreground: fg, call: c } as unknown as BrokerInput);
            expect(['call', 'ask', 'denied', 'unknown', 'unavailable']).toContain(verdict.verdict);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('brokerDecide never throws on arbitrary manifest entries, grants and url arguments of declared, provided scopes', () => {
    fc.assert(
      fc.property(
        fc.array(fc.anything()),
        fc.anything(),
        fc.dictionary(fc.constantFrom(...scopeIds), fc.anything()),
        fc.anything(),
        fc.constantFrom(...toolPairs),
        (entries, origins, g, args, [capability, tool]) => {
          const manifest = [...entries, ...scopeIds.map((id) => ({ id, why: 'x', origins }))];
          for (const call of [
            { from: 'ui', name: `${capability}_${tool}`, arguments: args },
            { from: 'agent', name: `${capability}__${tool}`, arguments: { url: args } },
          ]) {
            const verdict = brokerDecide(catalog, { manifest, grants: g, provided: capabilityNames, foreground: true, call } as unknown as BrokerInput);
            expect(verdict.capability).toBe(capability);
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('parseToolName never throws on arbitrary input, and answers a catalog tool or null', () => {
    fc.assert(
      fc.property(fc.anything(), fc.oneof(fc.anything(), fc.string()), (from, name) => {
        for (const f of [from, 'ui', 'agent']) {
          const parsed = parseToolName(catalog, f as CallFrom, name as string);
          if (parsed !== null) expect(toolPairs).toContainEqual([parsed.capability, parsed.tool]);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('validateManifest and agentToolList never throw on arbitrary input', () => {
    fc.assert(
      fc.property(fc.anything(), fc.array(fc.anything()), fc.anything(), (any, list, p) => {
        for (const entries of [any, list, [any]]) {
          const result = validateManifest(catalog, entries);
          if (!result.ok) {
            expect(result.errors.length).toBeGreaterThan(0);
            for (const error of result.errors) expect(error).toMatch(/^\/[^:]*: /);
          }
        }
        agentToolList(catalog, { manifest: list as ManifestEntry[], provided: p as string[] });
      }),
      { numRuns: 300 },
    );
  });

  it('the UI and agent spellings of every catalog tool get the same verdict', () => {
    fc.assert(
      fc.property(manifest, grants, provided, fc.boolean(), fc.constantFrom(...toolPairs), url, (m, g, p, foreground, [capability, tool], u) => {
        const input = { manifest: m as ManifestEntry[], grants: g, provided: p, foreground };
        const args = { url: u };
        const fromUi = brokerDecide(catalog, { ...input, call: { from: 'ui', name: `${capability}_${tool}`, arguments: args } });
        const fromAgent = brokerDecide(catalog, { ...input, call: { from: 'agent', name: `${capability}__${tool}`, arguments: args } });
        expect(fromAgent).toEqual(fromUi);
        expect(fromUi.verdict).not.toBe('unknown');
        expect(fromUi.capability).toBe(capability);
      }),
      { numRuns: 2000 },
    );
  });

  it("a valid manifest's ceiling holds: nothing undeclared is ever called or asked", () => {
    fc.assert(
      fc.property(
        manifest,
        grants,
        provided,
        fc.boolean(),
        fc.constantFrom(...toolPairs),
        fc.constantFrom<CallFrom>('ui', 'agent'),
        (m, g, p, foreground, [capability, tool], from) => {
          const call: ToolCall = {
            from,
            name: from === 'ui' ? `${capability}_${tool}` : `${capability}__${tool}`,
            arguments: { url: 'https://api.example.com/' },
          };
          const verdict = brokerDecide(catalog, { manifest: m, grants: g, provided: p, foreground, call });
          if (verdict.verdict === 'call' || verdict.verdict === 'ask') {
            expect(m.some((entry) => entry.id === verdict.scope)).toBe(true);
            expect(p).toContain(capability);
          }
          if (verdict.verdict === 'ask') expect(foreground).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
