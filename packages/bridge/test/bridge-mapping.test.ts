import { describe, expect, it } from 'vitest';
import { bridgeCall } from '../src/bridge-call.js';
import type { BridgeCallInput } from '../src/bridge-call.js';
import { base64Of, catalog, context, fakeNative, seededStore } from './fixture.js';

const jpeg = Uint8Array.of(0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46);
const png = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d);
const gif = new TextEncoder().encode('GIF89a....');
const binary = Uint8Array.of(0, 1, 2, 3);

function storeWith(files: Record<string, Uint8Array>) {
  const store = seededStore();
  for (const [fileId, bytes] of Object.entries(files)) store.memory.seed(context.app, fileId, bytes);
  return store;
}

async function call(tool: string, args: unknown, answer: unknown, extra: Partial<BridgeCallInput> = {}) {
  const fake = fakeNative(answer);
  const blobs = extra.blobs ?? storeWith({ jpg1: jpeg, png1: png, gif1: gif, bin1: binary });
  const end = await bridgeCall({ catalog, tool, arguments: args, context, blobs, native: fake.native, ...extra });
  return { ...end, calls: fake.calls, text: end.result.content[0].text };
}

describe('share_send', () => {
  it('sends only a file when only fileId, name and mimeType are given', async () => {
    const r = await call('share_send', { fileId: 'f1', name: 'x.bin', mimeType: 'text/x-given' }, { structuredContent: { shared: true } });
    expect(r.calls).toEqual([{ file: { name: 'x.bin', mimeType: 'text/x-given', data: 'aGVsbG8=' } }]);
    expect(r.outcome).toBe('ok');
    expect(r.result.structuredContent).toEqual({ shared: true });
  });

  it('keeps title, text and url first, in that order, then the file', async () => {
    const r = await call(
      'share_send',
      { fileId: 'f1', url: 'https://example.com/', name: 'a.txt', text: 'look', title: 'T' },
      { structuredContent: { shared: true } },
    );
    expect(JSON.stringify(r.calls[0])).toBe(
      '{"title":"T","text":"look","url":"https://example.com/","file":{"name":"a.txt","mimeType":"text/plain","data":"aGVsbG8="}}',
    );
  });

  it('sniffs the type of a file whose name has no known extension', async () => {
    const r = await call('share_send', { fileId: 'png1', name: 'swatch' }, { structuredContent: { shared: true } });
    expect(r.calls[0]).toEqual({ file: { name: 'swatch', mimeType: 'image/png', data: base64Of(png) } });
    const other = await call('share_send', { fileId: 'bin1', name: 'data.xyz' }, { structuredContent: { shared: true } });
    expect(other.calls[0]).toEqual({ file: { name: 'data.xyz', mimeType: 'application/octet-stream', data: 'AAECAw==' } });
  });

  it('answers notFound for a missing file before the native runs', async () => {
    const r = await call('share_send', { text: 'x', fileId: 'nope', name: 'n' }, { structuredContent: { shared: true } });
    expect(r.calls).toEqual([]);
    expect(r.outcome).toBe('isError');
    expect(r.text).toBe('notFound: nope');
  });

  it('passes a name without a fileId nowhere', async () => {
    const r = await call('share_send', { text: 'x', name: 'n' }, { structuredContent: { shared: false } });
    expect(r.calls).toEqual([{ text: 'x' }]);
  });
});

describe('files_save', () => {
  it('prefers the given type, then the extension, then the sniffed type, then octet-stream', async () => {
    const answer = { structuredContent: { saved: true } };
    const given = await call('files_save', { name: 'a.png', fileId: 'jpg1', mimeType: 'image/x-given' }, answer);
    expect(given.calls[0]?.['mimeType']).toBe('image/x-given');
    const byName = await call('files_save', { name: 'a.png', fileId: 'jpg1' }, answer);
    expect(byName.calls[0]?.['mimeType']).toBe('image/png');
    const sniffed = await call('files_save', { name: 'photo', fileId: 'jpg1' }, answer);
    expect(sniffed.calls[0]?.['mimeType']).toBe('image/jpeg');
    const gifSniffed = await call('files_save', { name: 'anim.bin', fileId: 'gif1' }, answer);
    expect(gifSniffed.calls[0]?.['mimeType']).toBe('image/gif');
    const unknown = await call('files_save', { name: 'raw', fileId: 'bin1' }, answer);
    expect(unknown.calls[0]).toEqual({ name: 'raw', mimeType: 'application/octet-stream', data: 'AAECAw==' });
  });

  it('hands a text over as its UTF-8 bytes, a given type winning over the name', async () => {
    const r = await call('files_save', { name: 'a.txt', text: 'Zoë €', mimeType: 'text/x-note' }, { structuredContent: { saved: true } });
    expect(r.calls[0]).toEqual({ name: 'a.txt', mimeType: 'text/x-note', data: Buffer.from('Zoë €', 'utf8').toString('base64') });
  });

  it("does not take the stored file's own type (the spec's chain does not name it)", async () => {
    const store = seededStore();
    store.memory.seed(context.app, 'meta1', binary, { name: 'photo.heic', mimeType: 'image/heic' });
    const r = await call('files_save', { name: 'photo', fileId: 'meta1' }, { structuredContent: { saved: true } }, { blobs: store });
    expect(r.calls[0]?.['mimeType']).toBe('application/octet-stream');
  });

  it('saves an empty text', async () => {
    const r = await call('files_save', { name: 'empty', text: '' }, { structuredContent: { saved: true } });
    expect(r.calls[0]).toEqual({ name: 'empty', mimeType: 'text/plain', data: '' });
  });
});

describe('print_print', () => {
  const printed = { structuredContent: { printed: true } };

  it('prints a PNG with the default name document.png', async () => {
    const r = await call('print_print', { fileId: 'png1' }, printed);
    expect(r.calls).toEqual([{ name: 'document.png', mimeType: 'image/png', data: base64Of(png) }]);
    expect(r.result.structuredContent).toEqual({ printed: true });
  });

  it('prints a JPEG with the default name document.jpg', async () => {
    const r = await call('print_print', { fileId: 'jpg1' }, printed);
    expect(r.calls).toEqual([{ name: 'document.jpg', mimeType: 'image/jpeg', data: base64Of(jpeg) }]);
  });

  it('sends the sniffed type whatever the name says, and keeps a given name', async () => {
    const r = await call('print_print', { fileId: 'jpg1', name: 'report.pdf' }, printed);
    expect(r.calls).toEqual([{ name: 'report.pdf', mimeType: 'image/jpeg', data: base64Of(jpeg) }]);
  });

  it('refuses a GIF and unknown bytes as unsupportedFile', async () => {
    for (const fileId of ['gif1', 'bin1']) {
      const r = await call('print_print', { fileId, name: 'x.pdf' }, printed);
      expect(r.calls).toEqual([]);
      expect(r.outcome).toBe('isError');
      expect(r.text).toBe('unsupportedFile');
    }
  });

  it('answers notFound for a missing file', async () => {
    const r = await call('print_print', { fileId: 'gone' }, printed);
    expect(r.calls).toEqual([]);
    expect(r.text).toBe('notFound: gone');
  });
});

describe('notifications_post', () => {
  const posted = { structuredContent: {} };

  it('generates n- plus 32 lowercase hex when no id is given, and answers the app its own id', async () => {
    const r = await call('notifications_post', { title: 'Hi' }, posted);
    const id = r.result.structuredContent?.['id'] as string;
    expect(id).toMatch(/^n-[0-9a-f]{32}$/);
    expect(r.calls).toEqual([{ id: `${context.app}/${id}`, title: 'Hi', body: null, at: null, tap: null }]);
    expect(r.text).toBe(JSON.stringify({ id }));
  });

  it('generates a different id every time', async () => {
    const ids = new Set<unknown>();
    for (let i = 0; i < 200; i++) ids.add((await call('notifications_post', { title: 'Hi' }, posted)).result.structuredContent?.['id']);
    expect(ids.size).toBe(200);
  });

  it('uses the injected randomHex', async () => {
    const r = await call('notifications_post', { title: 'Hi' }, posted, { randomHex: () => '0123456789abcdef0123456789abcdef' });
    expect(r.result.structuredContent).toEqual({ id: 'n-0123456789abcdef0123456789abcdef' });
    expect(r.calls[0]?.['id']).toBe(`${context.app}/n-0123456789abcdef0123456789abcdef`);
  });

  it('defaults params to {} when a screen is given without them', async () => {
    const r = await call('notifications_post', { id: 'a', title: 'Hi', screen: 'albums' }, posted);
    expect(r.calls[0]?.['tap']).toEqual({ type: 'notificationTap', app: context.app, screen: 'albums', params: {} });
  });

  it('refuses params without a screen and an undeclared screen, before the native', async () => {
    const noScreen = await call('notifications_post', { title: 'Hi', params: { a: 1 } }, posted);
    expect(noScreen.calls).toEqual([]);
    expect(noScreen.outcome).toBe('invalidParams');
    expect(noScreen.text).toBe('invalidParams: /screen dependentRequired');
    const other = await call('notifications_post', { title: 'Hi', screen: 'page' }, posted, {
      context: { app: 'other.app', screens: ['home'] },
    });
    expect(other.outcome).toBe('invalidParams');
    expect(other.text).toBe('invalidParams: /screen enum');
  });

  it('refuses a native answer with a key the empty native schema does not allow', async () => {
    const r = await call('notifications_post', { id: 'x', title: 'Hi' }, { structuredContent: { id: 'other' } });
    expect(r.outcome).toBe('isError');
    expect(r.text).toBe('badResult: /id additionalProperties');
  });
});

describe('notifications_cancel', () => {
  it("prefixes the id with the calling app's id", async () => {
    const r = await call(
      'notifications_cancel',
      { id: 'n-1' },
      { structuredContent: { cancelled: false } },
      {
        context: { app: 'other.app', screens: [] },
      },
    );
    expect(r.calls).toEqual([{ id: 'other.app/n-1' }]);
    expect(r.result.structuredContent).toEqual({ cancelled: false });
  });
});

describe('the blob store is app-scoped', () => {
  it("an app cannot read another app's file", async () => {
    const store = seededStore();
    const otherApp = { app: 'evil.app', screens: [] };
    for (const [tool, args] of [
      ['files_save', { name: 'x.txt', fileId: 'f1' }],
      ['share_send', { fileId: 'f1', name: 'x' }],
      ['print_print', { fileId: 'pdf1' }],
    ] as const) {
      const r = await call(tool, args, { structuredContent: {} }, { blobs: store, context: otherApp });
      expect(r.calls).toEqual([]);
      expect(r.text).toBe(`notFound: ${args.fileId}`);
    }
    expect(store.gets.every((get) => get.app === 'evil.app')).toBe(true);
  });

  it('stores returned files under the calling app', async () => {
    const store = seededStore();
    const answer = { structuredContent: { files: [{ name: 'a.txt', mimeType: 'text/plain', data: 'YQ==' }] } };
    const r = await call('files_open', {}, answer, { blobs: store, context: { app: 'b.app', screens: [] } });
    expect(r.calls).toEqual([{ multiple: false }]);
    expect(store.memory.list('b.app')).toEqual([{ fileId: 'blob-1', name: 'a.txt', mimeType: 'text/plain', size: 1 }]);
    expect(store.memory.get(context.app, 'blob-1')).toBeUndefined();
  });
});

describe('tools without a v1 contract', () => {
  it('answers unavailable and never runs the native', async () => {
    for (const tool of ['camera_capture', 'clipboard_read', 'http_fetch', 'nothing_here']) {
      const r = await call(tool, {}, { structuredContent: {} });
      expect(r.calls).toEqual([]);
      expect(r.outcome).toBe('isError');
      expect(r.result).toEqual({ content: [{ type: 'text', text: 'unavailable' }], isError: true });
    }
  });
});
