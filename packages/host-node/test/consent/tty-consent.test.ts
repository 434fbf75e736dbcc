import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
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

  it('dismissConsent never asks', () => {
    expect(dismissConsent()).toBe('dismiss');
  });
});
