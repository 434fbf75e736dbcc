import { describe, expect, it, vi } from 'vitest';
import type { Catalog } from '@xcap/catalog';
import { bridgeCall } from '../src/bridge-call.js';
import { catalog, context, fakeNative, seededStore } from './fixture.js';

vi.mock('@xcap/pdf', () => ({
  renderPdf: () => {
    throw new TypeError('renderPdf: /blocks/0 is not an object, internal detail');
  },
}));

describe('faults inside the engine', () => {
  it('a renderPdf that throws answers renderFailed, nothing stored', async () => {
    const blobs = seededStore();
    const r = await bridgeCall({ catalog, tool: 'print_pdf', arguments: { title: 'x', blocks: [{ text: 'a' }] }, context, blobs });
    expect(r.outcome).toBe('isError');
    expect(r.result).toEqual({ content: [{ type: 'text', text: 'renderFailed' }], isError: true });
    expect(blobs.puts).toEqual([]);
  });

  it('an unexpected fault answers internalError instead of throwing', async () => {
    const broken = {
      ...catalog,
      get tools(): never {
        throw new Error('broken catalog');
      },
    } as Catalog;
    const fake = fakeNative({ structuredContent: {} });
    const r = await bridgeCall({ catalog: broken, tool: 'photos_pick', arguments: {}, context, blobs: seededStore(), native: fake.native });
    expect(r).toEqual({ result: { content: [{ type: 'text', text: 'internalError' }], isError: true }, outcome: 'isError' });
    expect(fake.calls).toEqual([]);
  });
});
