import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '@xcap/test-support';
import { ConsoleRequests, type OpenPending } from '@xcap/console';
import { consoleOpenPicker } from '../../src/console/console-open-picker.js';
import { startServeConsole, type ServeConsole } from '../../src/console/start-serve-console.js';
import { signIn, waitForPending } from '../../../console/test/console-client.js';
import { fileStores } from '../../../console/test/file-stores.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

describe('startServeConsole (in process)', () => {
  it('prints the one console line, a line per waiting request, and gives the host its consent UI, grants and pickers', async () => {
    const dir = tempDir();
    const files = join(dir, 'files');
    mkdirSync(files);
    const lines: string[] = [];
    const started: ServeConsole = await startServeConsole({
      port: 0,
      app: { id: 'acme.album', screens: [], capabilities: [{ id: 'photos.read', why: 'why' }] },
      filesDir: files,
      stores: fileStores(dir, []),
      open: true,
      env: { PATH: '' },
      log: (line) => lines.push(line),
    });
    closers.push(() => started.close());
    expect(lines).toEqual([`xcap serve: console at ${started.server.loginUrl}`]);
    expect(Object.keys(started.providerOptions).sort()).toEqual(['openPicker', 'photoPicker', 'printPicker', 'savePicker']);
    const session = await signIn(started.server.loginUrl);
    const reply = Promise.resolve(
      started.consentUi({
        app: 'acme.album',
        scope: 'photos.read',
        sheet: { title: 'T', text: 'x' },
        verdict: {} as never,
        argsHash: 'h',
        signal: new AbortController().signal,
        deadline: Infinity,
        agent: null,
        client: null,
        tool: { id: 'photos_pick', description: '' },
        arguments: undefined,
        detached: new AbortController().signal,
      }),
    );
    const sheet = await waitForPending(session, 'consent');
    expect(sheet.why).toBe('why');
    expect(lines.at(-1)).toBe(`xcap serve: a request is waiting in the console at ${started.server.url}`);
    await session.post('/api/answer', { id: sheet.id, answer: { reply: 'allow' } });
    await expect(reply).resolves.toBe('allow');
    await started.grants.set('acme.album', 'photos.read', 'granted');
    expect((await session.get('/api/grants')).json()).toEqual({ grants: [{ app: 'acme.album', scope: 'photos.read', answer: 'granted' }] });
    expect(lines).toHaveLength(2);
  });

  it('leaves out the files pickers without a files folder', async () => {
    const started = await startServeConsole({
      port: 0,
      app: { id: 'acme.album', screens: [], capabilities: [] },
      stores: fileStores(tempDir(), []),
      open: false,
      env: {},
      log: () => undefined,
    });
    closers.push(() => started.close());
    expect(Object.keys(started.providerOptions).sort()).toEqual(['photoPicker', 'printPicker']);
  });
});

describe('consoleOpenPicker', () => {
  it('lists the folder files that fit accept and answers the chosen names as listed (path, device, inode)', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.csv'), '1');
    writeFileSync(join(dir, 'b.csv'), '22');
    writeFileSync(join(dir, 'c.txt'), '333');
    writeFileSync(join(dir, '.hidden.csv'), '');
    const requests = new ConsoleRequests();
    const chosen = Promise.resolve(consoleOpenPicker(requests, 'acme.album', dir)({ accept: ['.csv'], multiple: true }));
    const deadline = Date.now() + 5_000;
    while (requests.pending().length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    const [open] = requests.pending() as OpenPending[];
    expect((open?.files ?? []).map((file) => `${file.name}:${file.size}`).sort()).toEqual(['a.csv:1', 'b.csv:2']);
    expect(requests.answer(open?.id, { names: ['c.txt'] })).toMatchObject({ status: 400 });
    expect(requests.answer(open?.id, { names: 'a.csv' })).toMatchObject({ status: 400 });
    expect(requests.answer(open?.id, { names: ['b.csv', 'a.csv'] })).toEqual({ ok: true });
    const listed = (name: string) => ({ path: join(dir, name), dev: statSync(join(dir, name)).dev, ino: statSync(join(dir, name)).ino });
    await expect(chosen).resolves.toEqual([listed('b.csv'), listed('a.csv')]);
  });
});
