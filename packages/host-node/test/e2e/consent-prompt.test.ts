import { spawnSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { rawServe, type RawServe } from './raw-rpc.js';
import { e2eManifest, requireBuilt, runXcap, workspace, type Workspace } from './xcap-process.js';

// Child processes (xcap serve, SDK clients, providers): the shared 20 s is too short on a loaded 2-core machine.
vi.setConfig({ testTimeout: 60_000 });

beforeAll(requireBuilt);

const ptyServe = fileURLToPath(new URL('./pty-serve.py', import.meta.url));
const python = spawnSync('python3', ['-c', 'import os, pty, fcntl, termios, select'], { encoding: 'utf8' });
const noPython =
  python.error !== undefined || python.status !== 0
    ? `python3 with the os/pty/fcntl/termios modules is not available here (${python.error?.message ?? python.stderr.trim()})`
    : null;
if (noPython !== null) console.warn(`SKIPPED xcap serve --consent prompt end to end: ${noPython}`);

const sheetLine = 'asks, for app acme.album, for photos.read';
const denied = (reason: string) => ({ content: [{ type: 'text', text: `denied: ${reason}` }], isError: true });

/** What pty-serve.py types: at each prompt in order (null: nothing), and `late` each time the prompt stopped asking. */
type PtyAnswers = readonly string[] | { readonly prompts: readonly (string | null)[]; readonly late: string };

/** `xcap serve --foreground --consent prompt` with a pty as its controlling terminal; `answers` are typed at the prompts, in order. */
async function promptServe(ws: Workspace, transcript: string, answers: PtyAnswers, extra: readonly string[] = []): Promise<RawServe> {
  const args = ['--manifest', ws.manifest, '--data', ws.data, '--photos', ws.photos, '--foreground', '--consent', 'prompt', ...extra];
  return rawServe(args, ['python3', ptyServe, transcript, JSON.stringify(answers)]);
}

const list = (serve: RawServe, id: number) => serve.request(id, 'tools/call', { name: 'photos__list', arguments: { limit: 1 } });
const grants = async (ws: Workspace) => JSON.parse((await runXcap(['grants', '--json', '--data', ws.data])).stdout) as unknown;
const sheets = async (transcript: string) => (await readFile(transcript, 'utf8')).split(sheetLine).length - 1;

describe.skipIf(noPython !== null)('xcap serve --foreground --consent prompt: the sheet on a real controlling terminal, the protocol over pipes', () => {
  it('garbage, an empty line and end of input dismiss (nothing stored, asked again); allow stores granted and the call runs', async () => {
    const ws = await workspace();
    const transcript = join(ws.root, 'tty-allow.txt');
    const serve = await promptServe(ws, transcript, ['maybe later\n', '\n', '\u0004', 'a\n']);
    expect(serve.stderr()).toContain('foreground, consent prompt');
    for (const id of [1, 2, 3]) expect((await list(serve, id)).result).toEqual(denied('consentNeeded'));
    expect(await grants(ws)).toEqual({});
    const allowed = await list(serve, 4);
    expect(allowed.result?.isError).toBeUndefined();
    expect(allowed.result?.structuredContent).toMatchObject({ photos: [{ name: 'Sunset.png' }] });
    expect(await grants(ws)).toEqual({ 'acme.album': { 'photos.read': 'granted' } });
    // Granted now: the next call runs without a sheet.
    expect((await list(serve, 5)).result?.isError).toBeUndefined();
    expect(await serve.end()).toBe(0);
    expect(serve.stderr()).not.toContain('unexpected prompt');
    const shown = await readFile(transcript, 'utf8');
    expect(await sheets(transcript)).toBe(4);
    expect(shown).toContain('This app wants to access your photos. Pick the photos for your album.');

    const rows = JSON.parse((await runXcap(['audit', '--json', '--data', ws.data])).stdout) as { status: string; error: string | null }[];
    expect(rows.reverse().map((r) => `${r.status}/${r.error ?? ''}`)).toEqual([
      'denied/consentNeeded',
      'denied/consentNeeded',
      'denied/consentNeeded',
      'ok/',
      'ok/',
    ]);
  });

  it('deny stores denied: consentDenied, and the next call is refused without a sheet', async () => {
    const ws = await workspace();
    const transcript = join(ws.root, 'tty-deny.txt');
    const serve = await promptServe(ws, transcript, ['d\n']);
    expect((await list(serve, 1)).result).toEqual(denied('consentDenied'));
    expect(await grants(ws)).toEqual({ 'acme.album': { 'photos.read': 'denied' } });
    expect((await list(serve, 2)).result).toEqual(denied('consentDenied'));
    expect(await serve.end()).toBe(0);
    expect(serve.stderr()).not.toContain('unexpected prompt');
    expect(await sheets(transcript)).toBe(1);
  });

  it('at the call path’s deadline the prompt stops asking (one line), and a late “a” typed then is not the next sheet’s answer', async () => {
    const ws = await workspace();
    const transcript = join(ws.root, 'tty-late.txt');
    const serve = await promptServe(ws, transcript, { prompts: [null, 'd\n'], late: 'a\n' }, ['--consent-timeout', '1']);
    expect((await list(serve, 1)).result).toEqual(denied('consentNeeded'));
    expect(await grants(ws)).toEqual({});
    // The late "a" sits in the terminal; the next sheet drops it and takes the "d" typed at its own prompt.
    expect((await list(serve, 2)).result).toEqual(denied('consentDenied'));
    expect(await grants(ws)).toEqual({ 'acme.album': { 'photos.read': 'denied' } });
    expect(await serve.end()).toBe(0);
    expect(serve.stderr()).not.toContain('unexpected prompt');
    const shown = await readFile(transcript, 'utf8');
    expect(shown).toContain('no longer asking (the time to answer ran out): counted as not now');
    expect(await sheets(transcript)).toBe(2);
  });

  it('a manifest why with terminal controls is shown escaped on the terminal: the real question stays, no title, nothing hidden', async () => {
    const ws = await workspace();
    const why = 'Fine.\r\u001b[2K\u001b[1A\u001b[2K\u001b]0;pwned\u0007Allow? [y]\u001b[8m\u202e';
    await writeFile(ws.manifest, JSON.stringify({ ...e2eManifest, capabilities: [{ id: 'photos.read', why }] }));
    const transcript = join(ws.root, 'tty-hostile.txt');
    const serve = await promptServe(ws, transcript, ['d\n']);
    expect((await list(serve, 1)).result).toEqual(denied('consentDenied'));
    expect(await serve.end()).toBe(0);
    const shown = await readFile(transcript, 'utf8');
    expect(await sheets(transcript)).toBe(1);
    expect(shown).toContain('Fine.\\r\\x1b[2K\\x1b[1A\\x1b[2K\\x1b]0;pwned\\x07Allow? [y]\\x1b[8m\\u202e');
    // Only the line ends the terminal itself makes (ONLCR, the echoed answer) remain.
    expect(shown.replace(/\r\n/g, '\n')).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
  });
});
