import { PassThrough, Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConsentRequest } from '@xcap/call';
import { maxAnswerChars, staleInputMs, ttyConsent } from '../../src/consent/tty-consent.js';
import { dismissConsent } from '../../src/consent/dismiss-consent.js';

const prompt = '(Enter: nothing, asked again next time) > ';

function sheet(scope = 'photos.read', signal: AbortSignal = new AbortController().signal): ConsentRequest {
  return {
    app: 'acme.album',
    scope,
    sheet: { title: 'Photos', text: 'This app wants to access your photos. Pick the photos for your album.' },
    verdict: { verdict: 'ask', capability: 'photos', tool: 'pick', scope, reason: null },
    argsHash: `sha256:${'0'.repeat(64)}`,
    signal,
    deadline: Date.now() + 120_000,
    agent: null,
    client: null,
    tool: { id: 'photos_pick', description: '' },
    arguments: undefined,
    detached: new AbortController().signal,
  };
}

/** A terminal driven by streams: one input for every sheet (as a real terminal), everything written collected. */
function terminal() {
  const input = new PassThrough({ encoding: 'utf8' });
  let shown = '';
  let opened = 0;
  let closed = 0;
  const output = new Writable({
    write(chunk: Buffer | string, _encoding, callback) {
      shown += String(chunk);
      callback();
    },
  });
  const ui = ttyConsent({
    open: () => {
      opened += 1;
      return { input, output, close: () => void (closed += 1) };
    },
  });
  return {
    ui,
    type: (text: string) => input.write(text),
    end: () => input.end(),
    shown: () => shown,
    prompts: () => shown.split(prompt).length - 1,
    counts: () => ({ opened, closed }),
  };
}

/** Waits (real time) until `test` holds. */
async function until(test: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !test(); i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(test()).toBe(true);
}

/** Asks one sheet (`request`, default `sheet()`) and types `answer` once it is written. */
async function answered(answer: string, end = false, request: ConsentRequest = sheet()) {
  const t = terminal();
  const reply = t.ui(request);
  await until(() => t.prompts() === 1);
  t.type(answer);
  if (end) t.end();
  return { reply: await reply, shown: t.shown() };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('ttyConsent: the consent sheet on the controlling terminal', () => {
  it('shows the sheet (app, scope, title, text) and reads the answer line', async () => {
    const { reply, shown } = await answered('a\n');
    expect(reply).toBe('allow');
    expect(shown).toContain('Photos — An agent asks, for app acme.album, for photos.read');
    expect(shown).toContain('This app wants to access your photos. Pick the photos for your album.');
    expect(shown).toContain('[o] allow once  [a] always allow  [d] don’t allow  (Enter: nothing, asked again next time) > ');
  });

  it('names the agent (name, version, how it came), the tool with its description and the arguments — each as text', async () => {
    const request = {
      ...sheet(),
      agent: { name: 'Claude\u001b[2J Desktop', version: '1.2', via: 'token laptop' },
      tool: { id: 'photos_pick', description: 'Let the person pick photos.' },
      arguments: { max: 3, title: 'Summer' },
    } as ConsentRequest;
    const { reply, shown } = await answered('o\n', false, request);
    expect(reply).toBe('allowOnce');
    expect(shown).toContain('asks, for app acme.album, for photos.read');
    expect(shown).toMatch(/Claude.*Desktop 1\.2 \(token laptop\) asks/);
    expect(shown).not.toContain('\u001b');
    expect(shown).toContain('│  tool: photos_pick — Let the person pick photos.');
    expect(shown).toContain('│  arguments: max: 3, title: Summer');
  });

  it.each([
    ['o\n', 'allowOnce'],
    ['once\n', 'allowOnce'],
    ['always\n', 'allow'],
    ['allow\n', 'allow'],
    ['Y\n', 'dismiss'],
    ['d\n', 'deny'],
    ['deny\nallow\n', 'deny'],
    ['no\n', 'deny'],
    ['\n', 'dismiss'],
    ['later\n', 'dismiss'],
  ])('answer %j → %s', async (answer, expected) => {
    expect((await answered(answer)).reply).toBe(expected);
  });

  it('end of input: what was typed is the answer, nothing is dismiss', async () => {
    expect((await answered('allow', true)).reply).toBe('allow');
    expect((await answered('', true)).reply).toBe('dismiss');
  });

  it(`an answer line is read up to ${maxAnswerChars} characters; a longer one is dismiss`, async () => {
    expect((await answered(`${' '.repeat(maxAnswerChars - 5)}allow\n`)).reply).toBe('allow');
    expect((await answered(' '.repeat(maxAnswerChars + 1))).reply).toBe('dismiss');
  });

  it('no terminal (it cannot be opened) counts as dismiss', async () => {
    expect(await ttyConsent({ path: '/nonexistent/dir/tty' })(sheet())).toBe('dismiss');
    expect(
      await ttyConsent({
        open: () => {
          throw new Error('no tty');
        },
      })(sheet()),
    ).toBe('dismiss');
  });

  it('asks one sheet at a time', async () => {
    const t = terminal();
    const first = t.ui(sheet());
    const second = t.ui(sheet('notifications.post'));
    await until(() => t.prompts() === 1);
    t.type('a\n');
    expect(await first).toBe('allow');
    await until(() => t.prompts() === 2);
    expect(t.shown()).toContain('notifications.post');
    t.type('d\n');
    expect(await second).toBe('deny');
    expect(t.counts()).toEqual({ opened: 2, closed: 2 });
  });

  it('a line typed before a sheet is written is not its answer', async () => {
    const t = terminal();
    t.type('a\n');
    const reply = t.ui(sheet());
    await until(() => t.prompts() === 1);
    t.type('d\n');
    expect(await reply).toBe('deny');
  });

  it('on abort it stops asking (one line saying so), the next sheet is asked at once, and the late line is not its answer', async () => {
    vi.useFakeTimers();
    const t = terminal();
    const cancel = new AbortController();
    const first = t.ui(sheet('photos.read', cancel.signal));
    const second = t.ui(sheet('notifications.post'));
    await vi.advanceTimersByTimeAsync(staleInputMs);
    expect(t.prompts()).toBe(1);
    cancel.abort(new DOMException('late', 'TimeoutError'));
    expect(await first).toBe('dismiss');
    const lines = t.shown().split('\n');
    expect(lines.at(-2)).toBe('└─ no longer asking (the time to answer ran out): counted as not now');
    // The person answers the first sheet too late: the line is dropped, not taken by the next sheet.
    t.type('a\n');
    await vi.advanceTimersByTimeAsync(staleInputMs - 1);
    expect(t.prompts()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.prompts()).toBe(2);
    expect(t.shown()).toContain(', for notifications.post');
    t.type('d\n');
    expect(await second).toBe('deny');
  });

  it('a late line after a cancelled sheet is dropped: a later sheet waits for its own answer', async () => {
    const t = terminal();
    const cancel = new AbortController();
    const first = t.ui(sheet('photos.read', cancel.signal));
    await until(() => t.prompts() === 1);
    cancel.abort();
    expect(await first).toBe('dismiss');
    expect(t.shown()).toContain('no longer asking (the request was cancelled): counted as not now');
    t.type('allow\n');
    await new Promise((resolve) => setTimeout(resolve, 20));
    const later = t.ui(sheet('notifications.post'));
    await until(() => t.prompts() === 2);
    t.type('no\n');
    expect(await later).toBe('deny');
  });

  it('a sheet aborted before its turn is never shown; one aborted before it is asked opens no terminal', async () => {
    const t = terminal();
    const cancel = new AbortController();
    const first = t.ui(sheet());
    const second = t.ui(sheet('notifications.post', cancel.signal));
    await until(() => t.prompts() === 1);
    cancel.abort();
    t.type('a\n');
    expect(await first).toBe('allow');
    expect(await second).toBe('dismiss');
    expect(t.shown()).not.toContain('notifications.post');
    expect(t.counts().opened).toBe(1);
    const gone = new AbortController();
    gone.abort();
    expect(await t.ui(sheet('share.send', gone.signal))).toBe('dismiss');
    expect(t.counts().opened).toBe(1);
  });

  it('an abort during the stale-input window writes nothing', async () => {
    const t = terminal();
    const cancel = new AbortController();
    const reply = t.ui(sheet('photos.read', cancel.signal));
    await new Promise((resolve) => setTimeout(resolve, 0));
    cancel.abort();
    expect(await reply).toBe('dismiss');
    expect(t.shown()).toBe('');
  });

  it('a why, title, app or scope with terminal controls is shown escaped: no fake question, title, hidden answer or reordering', async () => {
    const t = terminal();
    const hostile: ConsentRequest = {
      ...sheet(),
      app: 'acme.\u202ealbum',
      scope: 'photos.read\u0007',
      sheet: {
        title: 'Photos\u001b]0;pwned\u0007',
        text: 'This app wants to access your photos. Fine.\r\u001b[2K\u001b[1A\u001b[2KAllow? [y]\n\u001b[8m\u009b8m\u007f\u2066x\u2069\ud800',
      },
    };
    const reply = t.ui(hostile);
    await until(() => t.prompts() === 1);
    t.type('d\n');
    expect(await reply).toBe('deny');
    const shown = t.shown();
    expect(shown).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\ufffd]/);
    // The title line, the text, the tool, the question.
    expect(shown.split('\n')).toHaveLength(5);
    expect(shown).toContain('Photos\\x1b]0;pwned\\x07 — An agent asks, for app acme.\\u202ealbum, for photos.read\\x07');
    expect(shown).toContain('Fine.\\r\\x1b[2K\\x1b[1A\\x1b[2KAllow? [y]\\n\\x1b[8m\\x9b8m\\x7f\\u2066x\\u2069\\ud800');
  });

  it('dismissConsent never asks', () => {
    expect(dismissConsent()).toBe('dismiss');
  });
});
