import { describe, expect, it } from 'vitest';
import type { ConsentChoice as ConsentReply, ConsentRequest } from '../src/index.js';
import { setup } from './setup.js';
import { errorOf } from '@xcap/test-support';

const agent = (name: string, args: unknown, consent?: (request: ConsentRequest) => ConsentReply | Promise<ConsentReply>) => ({
  from: 'agent' as const,
  name,
  arguments: args,
  foreground: true,
  client: 'run-7',
  ...(consent === undefined ? {} : { consent }),
});

describe('createCallPath: a request with its own consent UI', () => {
  it('is asked instead of the host UI, with the same sheet; its allow is written and the native runs', async () => {
    const { path, asked, grants, nativeCalls } = setup({}, ['deny']);
    const own: ConsentRequest[] = [];
    const answer = await path.call(agent('photos__pick', {}, (request) => (own.push(request), 'allow')));
    expect(answer.outcome).toBe('ok');
    expect(asked).toEqual([]);
    expect(own.map((r) => [r.app, r.scope, r.sheet.title])).toEqual([['acme.album', 'photos.read', 'Photos']]);
    expect(grants.get('acme.album', 'photos.read')).toBe('granted');
    expect(nativeCalls.map((c) => c.tool)).toEqual(['photos_pick']);
  });

  it('carries the argsHash of its own arguments, the one its row records', async () => {
    const { path, audit } = setup();
    const own: ConsentRequest[] = [];
    await path.call(agent('photos__list', { limit: 2 }, (request) => (own.push(request), 'dismiss')));
    await path.call(agent('photos__list', { limit: 3 }, (request) => (own.push(request), 'dismiss')));
    expect(own.map((r) => r.argsHash)).toEqual(audit.rows.map((r) => r.argsHash));
    expect(new Set(own.map((r) => r.argsHash)).size).toBe(2);
  });

  it('is never shared: a request with its own UI neither joins an open host sheet nor answers another request', async () => {
    let release: (answer: ConsentReply) => void = () => undefined;
    let hostSheets = 0;
    const { path, audit } = setup({
      consent: () => {
        hostSheets++;
        return new Promise<ConsentReply>((resolve) => (release = resolve));
      },
    });
    const hostAsked = path.call(agent('photos__list', {}));
    await new Promise((resolve) => setTimeout(resolve, 5));
    // Its own UI dismisses at once, while the host sheet is still open: it is not held by, nor answered from, that sheet.
    const own = await path.call(agent('photos__pick', { limit: 1 }, () => 'dismiss'));
    expect(own.verdict.reason).toBe('consentNeeded');
    // Two concurrent requests with their own UIs: each gets its own answer.
    let ownRelease: (answer: ConsentReply) => void = () => undefined;
    const slow = path.call(agent('photos__pick', { limit: 2 }, () => new Promise<ConsentReply>((resolve) => (ownRelease = resolve))));
    const fast = await path.call(agent('photos__pick', { limit: 3 }, () => 'dismiss'));
    expect(fast.verdict.reason).toBe('consentNeeded');
    ownRelease('allowOnce');
    expect((await slow).outcome).toBe('ok');
    release('dismiss');
    // The host sheet was asked once, and its dismissal refuses only the call that asked it.
    expect((await hostAsked).verdict.reason).toBe('consentNeeded');
    expect(hostSheets).toBe(1);
    expect(audit.rows.map((r) => [r.status, r.error])).toEqual([
      ['denied', 'consentNeeded'],
      ['denied', 'consentNeeded'],
      ['ok', null],
      ['denied', 'consentNeeded'],
    ]);
  });

  it('a request consent that is not a function is a TypeError naming it', async () => {
    const { path } = setup();
    await expect(path.call({ ...agent('photos__pick', {}), consent: 'allow' as never })).rejects.toThrow(
      errorOf(TypeError, 'request.consent must be a consent UI function'),
    );
  });
});
