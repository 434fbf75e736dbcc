import { describe, expect, it } from 'vitest';
import { bridgeCall } from '../src/bridge-call.js';
import { catalog, context, fakeNative, seededStore } from './fixture.js';

const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1').toString('base64');
const photo = { id: 'ph-1', name: 'IMG_1.jpg', mimeType: 'image/jpeg', takenAt: null, data: 'aGk=' };

async function pdf(blocks: unknown[], extra: Record<string, string> = {}) {
  const blobs = seededStore({ g: gif, ...extra });
  const end = await bridgeCall({ catalog, tool: 'print_pdf', arguments: { title: 'T', blocks }, context, blobs });
  return { text: end.result.content[0].text, outcome: end.outcome, puts: blobs.puts };
}

describe('print_pdf: the first failing block wins (clarification 19)', () => {
  it('an unsupported image before a missing one answers unsupportedImage', async () => {
    expect((await pdf([{ image: 'g' }, { image: 'missing' }])).text).toBe('unsupportedImage: g');
  });

  it('a missing image before an unsupported one answers notFound', async () => {
    expect((await pdf([{ image: 'missing' }, { image: 'g' }])).text).toBe('notFound: missing');
  });

  it('a store failure after an unsupported image answers unsupportedImage; before it, storeFailed', async () => {
    const blobs = seededStore({ g: gif });
    const failing = { get: (app: string, id: string) => (id === 'broken' ? Promise.reject(new Error('disk')) : blobs.get(app, id)), put: () => 'x' };
    const printed = async (blocks: unknown[]) =>
      (await bridgeCall({ catalog, tool: 'print_pdf', arguments: { title: 'T', blocks }, context, blobs: failing })).result.content[0].text;
    expect(await printed([{ image: 'g' }, { image: 'broken' }])).toBe('unsupportedImage: g');
    expect(await printed([{ image: 'broken' }, { image: 'g' }])).toBe('storeFailed');
  });
});

describe("only a native answer's own data properties count", () => {
  it('an inherited structuredContent is no answer', async () => {
    const fake = fakeNative(Object.create({ structuredContent: { photos: [photo] } }) as object);
    const end = await bridgeCall({ catalog, tool: 'photos_pick', arguments: {}, context, blobs: seededStore(), native: fake.native });
    expect(end.result.content[0].text).toBe('badResult: / type');
  });

  it('an inherited isError is no error', async () => {
    const answer = Object.create({ isError: 'offline' }) as Record<string, unknown>;
    answer.structuredContent = { photos: [] };
    const end = await bridgeCall({ catalog, tool: 'photos_pick', arguments: {}, context, blobs: seededStore(), native: fakeNative(answer).native });
    expect(end.outcome).toBe('ok');
  });

  it('inherited members inside the structured content are not copied', async () => {
    const inner = Object.create({ data: 'aGk=' }) as Record<string, unknown>;
    Object.assign(inner, { id: 'ph-1', name: 'a.jpg', mimeType: 'image/jpeg', takenAt: null });
    const end = await bridgeCall({
      catalog,
      tool: 'photos_pick',
      arguments: {},
      context,
      blobs: seededStore(),
      native: fakeNative({ structuredContent: { photos: [inner] } }).native,
    });
    expect(end.result.content[0].text).toBe('badResult: /photos/0 type');
  });
});
