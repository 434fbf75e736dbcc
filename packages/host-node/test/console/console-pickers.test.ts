/** host-node's pickers over @xcap/console's typed asks: its provider types in, its provider answers out (the asks themselves are tested in packages/console). */
import { describe, expect, it } from 'vitest';
import { ConsoleRequests } from '@xcap/console';
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
});
