/**
 * Issue 33 row 5: the console's open picker lists files, then waits for the
 * person. A listed file swapped during that wait — for a symlink to a secret,
 * or for another file — answers an error, never the other file's bytes.
 */
import { mkdirSync, renameSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConsoleRequests } from '@xcap/console';
import { tempDir } from '@xcap/test-support';
import { consoleOpenPicker } from '../../src/console/console-open-picker.js';
import { createFilesProvider } from '../../src/providers/files-provider.js';

/** A files folder with `notes.txt` and `other.txt`, a secret outside it, and the files provider over the console's open picker. */
function setup() {
  const dir = tempDir();
  const files = join(dir, 'files');
  const secret = join(dir, 'secret.txt');
  writeFileSync(secret, 'root:the-secret-hash');
  const requests = new ConsoleRequests();
  const provider = createFilesProvider({ dir: files, openPicker: consoleOpenPicker(requests, 'acme.album', files) });
  return { files, secret, requests, provider };
}

/** Starts a files_open call, waits until its picker is listed, runs `swap`, then chooses `notes.txt`. */
async function openAfter(swap: (files: string, secret: string) => void) {
  const { files, secret, requests, provider } = setup();
  mkdirSync(files);
  writeFileSync(join(files, 'notes.txt'), 'my notes');
  writeFileSync(join(files, 'other.txt'), 'other bytes');
  const opened = provider.open({ accept: ['.txt'], multiple: false });
  for (let i = 0; i < 400 && requests.pending().length === 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
  const [pending] = requests.pending();
  expect(pending).toMatchObject({ kind: 'open', files: expect.arrayContaining([expect.objectContaining({ name: 'notes.txt' })]) });
  swap(files, secret);
  expect(requests.answer(pending?.id, { names: ['notes.txt'] })).toEqual({ ok: true });
  return opened;
}

describe('33/5: the console open picker reads only the file it listed', () => {
  it('answers the listed file unchanged', async () => {
    const answer = await openAfter(() => undefined);
    expect(answer).toMatchObject({ structuredContent: { files: [{ name: 'notes.txt', data: Buffer.from('my notes').toString('base64') }] } });
  });

  it('a listed file swapped for a symlink to a secret before the answer: an error, not the secret', async () => {
    const answer = await openAfter((files, secret) => {
      unlinkSync(join(files, 'notes.txt'));
      symlinkSync(secret, join(files, 'notes.txt'));
    });
    expect(answer).toEqual({ isError: expect.stringMatching(/^unreadable: notes\.txt/) });
    expect(JSON.stringify(answer)).not.toContain(Buffer.from('root:the-secret-hash').toString('base64'));
  });

  it('a listed file replaced by another regular file (renamed over it): an error naming the change', async () => {
    const answer = await openAfter((files) => renameSync(join(files, 'other.txt'), join(files, 'notes.txt')));
    expect(answer).toEqual({ isError: 'unreadable: notes.txt changed since it was chosen' });
  });
});
