import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generate } from '../src/generate.js';
import { CatalogError } from '@xcap/catalog/core';
import { errorOf } from '@xcap/test-support';

const fixture = readFileSync(new URL('../../../fixtures/capabilities.json', import.meta.url), 'utf8');

describe('generate', () => {
  it('is deterministic: two runs give identical files', async () => {
    const a = await generate(fixture, 'fixtures/capabilities.json');
    const b = await generate(fixture, 'fixtures/capabilities.json');
    expect(b.files).toEqual(a.files);
    expect(a.meta.catalogSha256).toMatch(/^[0-9a-f]{64}$/);
  }, 60_000);

  it('heads every file with the generated-file line', async () => {
    const { files } = await generate(fixture, 'fixtures/capabilities.json');
    for (const f of files) {
      // Package.swift must start with its tools version, a JSON document with `{`: the header is their second line.
      const line = f.path.endsWith('Package.swift') || f.path.endsWith('.json') ? 1 : 0;
      expect(f.content.split('\n')[line], f.path).toMatch(/generated from fixtures\/capabilities\.json by tools\/codegen — do not edit/);
    }
    expect(files.find((f) => f.path === 'native/Package.swift')?.content.startsWith('// swift-tools-version:')).toBe(true);
    const schema = JSON.parse(files.find((f) => f.path === 'native/provider-protocol.schema.json')?.content ?? '{}') as { $comment?: string };
    expect(schema.$comment).toBe('generated from fixtures/capabilities.json by tools/codegen — do not edit');
  }, 60_000);

  it('refuses a bad catalog before generating, naming the pointer', async () => {
    const doc = JSON.parse(fixture);
    doc.capabilities[0].scopes[0].consent = 'maybe';
    await expect(generate(JSON.stringify(doc), 'x.json')).rejects.toThrow(
      errorOf(CatalogError, '/capabilities/0 (camera)/scopes/0/consent: must be "ask" or "picker"'),
    );
    await expect(generate('{', 'x.json')).rejects.toThrow(errorOf(Error, /x\.json: not JSON/));
  });
});
