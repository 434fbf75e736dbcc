/** host-node's pickers over @xcap/console's typed asks: its provider types in, its provider answers out (the asks themselves are tested in packages/console). */
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConsoleRequests, type Pending } from '@xcap/console';
import { blobFileDescriber, maxCountedPdfBytes, pdfPages } from '../../src/console/blob-file-describer.js';
import { consoleOpenPicker } from '../../src/console/console-open-picker.js';
import { maxNotices, noticeArgs, noticesOf } from '../../src/console/start-serve-console.js';
import { consolePhotoPicker } from '../../src/console/console-photo-picker.js';
import { consolePrintPicker } from '../../src/console/console-print-picker.js';
import { consoleSavePicker } from '../../src/console/console-save-picker.js';
import type { LibraryPhoto } from '../../src/providers/library-photo.js';

const photo = (n: number): LibraryPhoto => ({
  id: `ph-${n}`,
  name: `p${n}.png`,
  mimeType: 'image/png',
  takenAt: null,
  time: n,
  path: `/photos/p${n}.png`,
  size: 1,
});

describe('the console pickers of host-node', () => {
  it('asks the library photos (their paths served, never listed) and answers the ids chosen', async () => {
    const requests = new ConsoleRequests();
    const picked = Promise.resolve(consolePhotoPicker(requests, 'acme.album')([photo(1), photo(2)], 1));
    const pending = requests.pending()[0];
    expect(pending).toMatchObject({
      kind: 'photos',
      app: 'acme.album',
      limit: 1,
      expiresAt: null,
      photos: [{ id: 'ph-1', name: 'p1.png', takenAt: null }, { id: 'ph-2' }],
    });
    expect(JSON.stringify(pending)).not.toContain('/photos/');
    expect(requests.file(pending?.id ?? '', 'ph-2')).toBe('/photos/p2.png');
    requests.answer(pending?.id, { photoIds: ['ph-2'] });
    await expect(picked).resolves.toEqual(['ph-2']);
  });

  it('saves under the name chosen into the files folder, or nothing on cancel; prints on the printer chosen', async () => {
    const requests = new ConsoleRequests();
    const saved = Promise.resolve(consoleSavePicker(requests, 'acme.album')({ name: 'album.txt', mimeType: 'text/plain', size: 3 }));
    expect(requests.pending()[0]).toMatchObject({ kind: 'save', suggestedName: 'album.txt', mimeType: 'text/plain', size: 3 });
    requests.answer(requests.pending()[0]?.id, { name: 'mine.txt' });
    await expect(saved).resolves.toEqual({ folderName: 'mine.txt' });
    const cancelled = Promise.resolve(consoleSavePicker(requests, 'acme.album')({ name: 'album.txt', mimeType: 'text/plain', size: 3 }));
    requests.answer(requests.pending()[0]?.id, { cancel: true });
    await expect(cancelled).resolves.toBeNull();
    const printed = Promise.resolve(consolePrintPicker(requests, 'acme.album')({ name: 'a.pdf', mimeType: 'application/pdf', printers: ['office'] }));
    expect(requests.pending()[0]).toMatchObject({ kind: 'print', documentName: 'a.pdf', printers: ['office'] });
    requests.answer(requests.pending()[0]?.id, { printer: 'office' });
    await expect(printed).resolves.toBe('office');
  });

  it('ends with Cancel when the call path aborts its context', async () => {
    const requests = new ConsoleRequests();
    const calls = new AbortController();
    const picked = Promise.resolve(
      consolePhotoPicker(requests, 'acme.album')([photo(1)], 1, { signal: calls.signal, deadline: Date.UTC(2026, 0, 1), agent: null, client: null }),
    );
    expect(requests.pending()[0]?.expiresAt).toBe('2026-01-01T00:00:00.000Z');
    calls.abort();
    await expect(picked).resolves.toEqual([]);
  });

  it('names the agent of the native context on every picker, keyed by its client; a UI call (no agent) as null and ui', async () => {
    const requests = new ConsoleRequests();
    const agent = { name: 'Claude Desktop', version: '1.2', via: 'token laptop' };
    const context = { signal: new AbortController().signal, deadline: Infinity, agent, client: 'token:laptop' };
    void consolePhotoPicker(requests, 'acme.album')([photo(1)], 1, context);
    void consoleSavePicker(requests, 'acme.album')({ name: 'a.txt', mimeType: 'text/plain', size: 1 }, context);
    void consolePrintPicker(requests, 'acme.album')({ name: 'a.pdf', mimeType: 'application/pdf', printers: [] }, context);
    void consoleOpenPicker(requests, 'acme.album', tmpdir())({ multiple: false, accept: ['application/x-none'] }, context);
    // The open picker lists its folder first: wait for all four, so that the UI's picker comes fifth.
    for (let turn = 0; turn < 500 && requests.pending().length < 4; turn++) await new Promise((resolve) => setTimeout(resolve, 10));
    void consolePhotoPicker(requests, 'acme.album')([photo(1)], 1);
    for (let turn = 0; turn < 500 && requests.pending().length < 5; turn++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(requests.pending().map((pending) => [pending.kind, pending.agent])).toEqual([
      ['photos', agent],
      ['save', agent],
      ['print', agent],
      ['open', agent],
      ['photos', null],
    ]);
    requests.close();
  });

  it('names the agent, the app and the task in the desktop notification, after -- so nothing given reads as an option; at most maxNotices at once', () => {
    const base = {
      id: 'r1',
      app: 'acme.album',
      createdAt: '',
      expiresAt: null,
      scope: 'photos.read',
      title: 'Photos',
      why: null,
      tool: 'photos_list',
      toolDescription: '',
      arguments: [],
      detached: false,
    };
    const sheet: Pending = {
      ...base,
      kind: 'consent',
      text: 'This app wants to see your photos.',
      agent: { name: '--help', version: null, via: 'token laptop' },
    };
    expect(noticeArgs(sheet, 'http://127.0.0.1:9/')).toEqual([
      '--',
      'xcap: a request is waiting',
      '--help (token laptop) asks, for the app acme.album, to see your photos. Answer in the console at http://127.0.0.1:9/',
    ]);
    expect(noticeArgs({ ...sheet, agent: null }, 'http://127.0.0.1:9/')[2]).toBe(
      'The app acme.album asks to see your photos. Answer in the console at http://127.0.0.1:9/',
    );
    const many = Array.from({ length: maxNotices + 1 }, (_, n) => ({ ...sheet, id: `r${n}` }));
    expect(noticesOf(many.slice(0, maxNotices), 'u')).toHaveLength(maxNotices);
    expect(noticesOf(many, 'u')).toEqual(many.slice(0, maxNotices).map((request) => noticeArgs(request, 'u')));
  });

  it('describes an app file of the blob store by name, type, size and PDF pages (plain page objects, at most maxCountedPdfBytes)', async () => {
    const pdf = new TextEncoder().encode('%PDF-1.7\n1 0 obj << /Type /Pages /Count 2 >>\n2 0 obj << /Type /Page >>\n3 0 obj <</Type/Page>>\n');
    const files = new Map([
      ['f1', { bytes: pdf, name: 'report.pdf', mimeType: 'application/pdf' }],
      ['f2', { bytes: new Uint8Array(5) }],
    ]);
    const asked: string[] = [];
    const describe = blobFileDescriber({
      get: (app, fileId) => {
        asked.push(`${app}/${fileId}`);
        return files.get(fileId);
      },
      put: () => 'x',
    });
    await expect(describe('f1', 'acme.album')).resolves.toEqual({ name: 'report.pdf', size: pdf.byteLength, mimeType: 'application/pdf', pages: 2 });
    await expect(describe('f2', 'acme.album')).resolves.toEqual({ name: 'a file without a name', size: 5 });
    await expect(describe('nope', 'acme.album')).resolves.toBeUndefined();
    expect(asked).toEqual(['acme.album/f1', 'acme.album/f2', 'acme.album/nope']);
    expect(pdfPages(new TextEncoder().encode('not a pdf /Type /Page'))).toBeUndefined();
    expect(pdfPages(new TextEncoder().encode('%PDF-1.7 compressed'))).toBeUndefined();
    const big = new Uint8Array(maxCountedPdfBytes + 1);
    big.set(pdf);
    files.set('f3', { bytes: big, name: 'big.pdf', mimeType: 'application/pdf' });
    await expect(describe('f3', 'acme.album')).resolves.toEqual({ name: 'big.pdf', size: big.byteLength, mimeType: 'application/pdf' });
    const atBound = big.subarray(0, maxCountedPdfBytes);
    files.set('f4', { bytes: atBound, name: 'edge.pdf', mimeType: 'application/pdf' });
    await expect(describe('f4', 'acme.album')).resolves.toMatchObject({ pages: 2 });
  });
});
