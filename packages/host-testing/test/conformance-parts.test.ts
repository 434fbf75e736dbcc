import { describe, it, expect } from 'vitest';
import { catalog, type ToolDef } from '@xcap/catalog';
import { validateArguments } from '@xcap/bridge';
import { captureNativeInput, checkNativeAnswer, sampleArguments, sampleValue } from '../src/index.js';
import { extendedCatalog } from './extended-catalog.js';

const tool = (name: string): ToolDef => catalog.tools.find((t) => t.name === name)!;

describe('sampleArguments', () => {
  it('gives a minimal sample per oneOf/anyOf branch and a full one, all valid', () => {
    expect(sampleArguments(catalog, tool('share_send'))).toEqual([
      { label: 'minimal (text)', arguments: { text: 'sample' } },
      { label: 'minimal (url)', arguments: { url: 'https://example.com/sample' } },
      { label: 'minimal (fileId)', arguments: { fileId: 'sample', name: 'sample' } },
      {
        label: 'full',
        arguments: { text: 'sample', title: 'sample', url: 'https://example.com/sample', fileId: 'sample', name: 'sample', mimeType: 'sample' },
      },
    ]);
    expect(sampleArguments(catalog, tool('files_save')).map((s) => s.arguments)).toEqual([
      { name: 'sample', fileId: 'sample' },
      { name: 'sample', text: 'sample' },
      { name: 'sample', fileId: 'sample', mimeType: 'sample' },
    ]);
  });

  it('pulls in dependentRequired keys and drops duplicate samples', () => {
    expect(sampleArguments(catalog, tool('notifications_post')).map((s) => s.arguments)).toEqual([
      { title: 'sample' },
      { title: 'sample', id: 'sample', body: 'sample', at: '2026-01-01T09:00:00Z', screen: 'sample', params: {} },
    ]);
    expect(sampleArguments(catalog, tool('windows_list'))).toEqual([{ label: 'minimal', arguments: {} }]);
  });

  it('every sample of every tool passes validateArguments', () => {
    for (const def of catalog.tools) {
      const samples = sampleArguments(catalog, def);
      expect(samples.length, def.name).toBeGreaterThan(0);
      for (const sample of samples) expect(validateArguments(catalog, def.name, sample.arguments).error, `${def.name} ${sample.label}`).toBeUndefined();
    }
  });

  it('covers a tool added to the catalog without anything written for it', () => {
    const extended = extendedCatalog();
    const def = extended.tools.find((t) => t.name === 'photos_delete')!;
    expect(sampleArguments(extended, def)).toEqual([
      { label: 'minimal', arguments: { ids: ['sample'] } },
      { label: 'full', arguments: { ids: ['sample'], force: true } },
    ]);
  });
});

describe('sampleValue', () => {
  it('respects enum, formats, lengths and bounds', () => {
    expect(sampleValue({ enum: [true] })).toBe(true);
    expect(sampleValue({ type: 'string', minLength: 10 })).toBe('samplexxxx');
    expect(sampleValue({ type: 'string', maxLength: 3 })).toBe('sam');
    expect(sampleValue({ type: 'string', format: 'base64' })).toBe('c2FtcGxl');
    expect(sampleValue({ type: 'integer', minimum: 5 })).toBe(5);
    expect(sampleValue({ type: 'integer', maximum: 0 })).toBe(0);
    expect(sampleValue({ type: 'integer', default: 50, minimum: 1 })).toBe(50);
    expect(sampleValue({ type: ['null', 'string'] })).toBe('sample');
    expect(sampleValue({ type: 'array', minItems: 2, items: { type: 'integer' } })).toEqual([1, 1]);
    expect(sampleValue({ type: 'array', maxItems: 0 })).toEqual([]);
    expect(sampleValue({ type: 'object', properties: { a: { type: 'boolean' }, b: { type: 'null' } }, required: ['b'] })).toEqual({ b: null });
  });
});

describe('captureNativeInput', () => {
  it('answers what the bridge hands the native', async () => {
    expect(await captureNativeInput(catalog, 'notifications_post', { title: 'sample', screen: 'sample' })).toEqual({
      input: {
        id: 'conformance.app/n-0123456789abcdef0123456789abcdef',
        title: 'sample',
        body: null,
        at: null,
        tap: { type: 'notificationTap', app: 'conformance.app', screen: 'sample', params: {} },
      },
    });
    const print = await captureNativeInput(catalog, 'print_print', { fileId: 'sample' });
    expect('input' in print && print.input['mimeType']).toBe('image/png');
    expect('input' in print && print.input['name']).toBe('document.png');
  });

  it('answers why the bridge refused', async () => {
    expect(await captureNativeInput(catalog, 'files_save', { name: 'x', fileId: 'missing' })).toEqual({ refused: 'notFound: missing' });
  });
});

describe('checkNativeAnswer', () => {
  const schema = tool('share_send').nativeOutputSchema!;
  it('accepts a valid result and any non-empty isError', () => {
    expect(checkNativeAnswer(schema, { structuredContent: { shared: true } })).toBeNull();
    expect(checkNativeAnswer(schema, { isError: 'unavailable' })).toBeNull();
  });
  it('refuses everything else, saying why', () => {
    expect(checkNativeAnswer(schema, { structuredContent: { shared: 'yes' } })).toBe('structuredContent breaks nativeOutputSchema at /shared (type)');
    expect(checkNativeAnswer(schema, { isError: ' ' })).toMatch(/non-empty reason/);
    expect(checkNativeAnswer(schema, { isError: true })).toMatch(/non-empty reason/);
    expect(checkNativeAnswer(schema, { isError: 'x', structuredContent: { shared: true } })).toBe('answered both isError and structuredContent');
    expect(checkNativeAnswer(schema, {})).toBe('answered neither structuredContent nor isError');
    expect(checkNativeAnswer(schema, { structuredContent: { shared: true }, content: [] })).toMatch(/unexpected keys "content"/);
    expect(checkNativeAnswer(schema, null)).toMatch(/answered null/);
    expect(checkNativeAnswer(schema, [])).toMatch(/answered an array/);
    expect(checkNativeAnswer(schema, undefined)).toMatch(/answered undefined/);
  });
});

describe('sampleValue for nested objects', () => {
  it('fills the first branch of a nested oneOf', () => {
    expect(sampleArguments(catalog, tool('print_pdf'))[0]?.arguments).toEqual({ title: 'sample', blocks: [{ heading: 'sample' }] });
  });
});
