import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ConsentRequest } from '@xcap/call';
import { ttyConsent } from '../../src/consent/tty-consent.js';
import { dismissConsent } from '../../src/consent/dismiss-consent.js';

const request: ConsentRequest = {
  app: 'acme.album',
  scope: 'photos.read',
  sheet: { title: 'Photos', text: 'This app wants to access your photos. Pick the photos for your album.' },
  verdict: { verdict: 'ask', capability: 'photos', tool: 'pick', scope: 'photos.read', reason: null },
  argsHash: `sha256:${'0'.repeat(64)}`,
};

async function ask(answer: string | null, timeoutMs?: number): Promise<{ reply: string; shown: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'xcap-tty-'));
  const output = join(dir, 'tty-out');
  const input = join(dir, 'tty-in');
  if (answer !== null) await writeFile(input, answer);
  const ui = ttyConsent({ path: output, inputPath: answer === null ? join(dir, 'missing') : input, ...(timeoutMs === undefined ? {} : { timeoutMs }) });
  const reply = await ui(request);
  const shown = await readFile(output, 'utf8').catch(() => '');
  return { reply, shown };
}

describe('ttyConsent: the consent sheet on the controlling terminal', () => {
  it('shows the sheet (app, scope, title, text) and reads the answer line', async () => {
    const { reply, shown } = await ask('a\n');
    expect(reply).toBe('allow');
    expect(shown).toContain('Photos — app acme.album asks for photos.read');
    expect(shown).toContain('This app wants to access your photos. Pick the photos for your album.');
  });

  it.each([
    ['allow\n', 'allow'],
    ['Y\n', 'allow'],
    ['d\n', 'deny'],
    ['deny\nallow\n', 'deny'],
    ['no\n', 'deny'],
    ['\n', 'dismiss'],
    ['later\n', 'dismiss'],
    ['', 'dismiss'],
    ['allow', 'allow'],
  ])('answer %j → %s', async (answer, expected) => {
    expect((await ask(answer)).reply).toBe(expected);
  });

  it('no terminal (the file cannot be opened) counts as dismiss', async () => {
    expect((await ask(null)).reply).toBe('dismiss');
    expect(await ttyConsent({ path: '/nonexistent/dir/tty' })(request)).toBe('dismiss');
  });

  it('asks one sheet at a time', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'xcap-tty-'));
    await writeFile(join(dir, 'in'), 'a\n');
    const ui = ttyConsent({ path: join(dir, 'out'), inputPath: join(dir, 'in') });
    const replies = await Promise.all([ui(request), ui({ ...request, scope: 'notifications.post' })]);
    expect(replies).toEqual(['allow', 'allow']);
    expect(await readFile(join(dir, 'out'), 'utf8')).toContain('notifications.post');
  });

  it('a why, title, app or scope with terminal controls is shown escaped: no fake question, title, hidden answer or reordering', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'xcap-tty-'));
    await writeFile(join(dir, 'in'), 'd\n');
    const hostile: ConsentRequest = {
      ...request,
      app: 'acme.\u202ealbum',
      scope: 'photos.read\u0007',
      sheet: {
        title: 'Photos\u001b]0;pwned\u0007',
        text: 'This app wants to access your photos. Fine.\r\u001b[2K\u001b[1A\u001b[2KAllow? [y]\n\u001b[8m\u009b8m\u007f\u2066x\u2069\ud800',
      },
    };
    expect(await ttyConsent({ path: join(dir, 'out'), inputPath: join(dir, 'in') })(hostile)).toBe('deny');
    const shown = await readFile(join(dir, 'out'), 'utf8');
    await rm(dir, { recursive: true, force: true });
    expect(shown).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\ufffd]/);
    expect(shown.split('\n')).toHaveLength(4);
    expect(shown).toContain('Photos\\x1b]0;pwned\\x07 — app acme.\\u202ealbum asks for photos.read\\x07');
    expect(shown).toContain('Fine.\\r\\x1b[2K\\x1b[1A\\x1b[2KAllow? [y]\\n\\x1b[8m\\x9b8m\\x7f\\u2066x\\u2069\\ud800');
  });

  it('dismissConsent never asks', () => {
    expect(dismissConsent()).toBe('dismiss');
  });
});
