import { chmodSync, existsSync, readFileSync, readdirSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { NotificationsPostNativeInput } from '@xcap/catalog';
import {
  createNotificationsProvider,
  defaultMaxScheduled,
  maxTimerDelayMs,
  type NodeNotificationsProvider,
} from '../../src/providers/notifications-provider.js';
import { runChild } from '@xcap/test-support';
import { FakeTimers } from './fake-timers.js';
import { fakeBin, recordedCalls, tempDir } from './provider-test-kit.js';

function notifyBin(extra: Record<string, string> = {}) {
  const bin = fakeBin({
    'notify-send': `case " $* " in *" --print-id "*) n=$(cat "$0.count" 2>/dev/null || echo 0); n=$((n+1)); echo $n > "$0.count"; echo $n;; esac`,
    gdbus: `echo '()'`,
    ...extra,
  });
  return bin;
}

function post(fields: Partial<NotificationsPostNativeInput> & { id: string }): NotificationsPostNativeInput {
  return { title: 'Page due', body: null, at: null, tap: null, ...fields };
}

const live: NodeNotificationsProvider[] = [];

afterEach(() => {
  for (const provider of live.splice(0)) provider.close();
});

/** Waits until every provider of the test has shown what fired and written its state. */
async function settle(): Promise<void> {
  for (const provider of live) await provider.settled();
}

function make(options: {
  root?: string;
  env: NodeJS.ProcessEnv;
  timers?: FakeTimers;
  stateFile?: string;
  errors?: Error[];
  maxScheduled?: number;
}): NodeNotificationsProvider {
  const provider = createNotificationsProvider({
    stateFile: options.stateFile ?? join(options.root ?? tempDir(), 'notifications.json'),
    env: options.env,
    ...(options.maxScheduled === undefined ? {} : { maxScheduled: options.maxScheduled }),
    ...(options.timers === undefined ? {} : { clock: options.timers.clock, timers: options.timers }),
    onError: (error) => options.errors?.push(error),
  });
  if (provider === undefined) throw new Error('expected a provider');
  live.push(provider);
  return provider;
}

const start = Date.parse('2026-11-01T09:00:00Z');

function pendingIds(stateFile: string): string[] {
  if (!existsSync(stateFile)) return [];
  return (JSON.parse(readFileSync(stateFile, 'utf8')) as { pending: { id: string }[] }).pending.map((p) => p.id);
}

describe('createNotificationsProvider: the service', () => {
  it('is undefined without notify-send on PATH, or with notifySend null', () => {
    const empty = fakeBin({ lp: 'true' });
    expect(createNotificationsProvider({ stateFile: join(tempDir(), 's.json'), env: { PATH: empty.bin } })).toBeUndefined();
    const bin = notifyBin();
    expect(createNotificationsProvider({ stateFile: join(tempDir(), 's.json'), env: bin.env, notifySend: null })).toBeUndefined();
    expect(createNotificationsProvider({ stateFile: join(tempDir(), 's.json'), env: bin.env })).toBeDefined();
  });
});

describe('createNotificationsProvider: now', () => {
  it('runs notify-send with an argument array: app name, title and body as separate args, never a shell', async () => {
    const bin = notifyBin();
    const dir = tempDir();
    const notifications = make({ env: bin.env });
    const sneaky = `$(touch ${join(dir, 'pwned')}); -rf`;
    expect(await notifications.post(post({ id: 'acme.album/n1', title: 'Hi', body: 'The lake page.' }))).toEqual({ structuredContent: {} });
    expect(await notifications.post(post({ id: 'acme.album/n2', title: '--help', body: sneaky }))).toEqual({ structuredContent: {} });
    expect(await notifications.post(post({ id: 'acme.album/n3', title: 'No body', body: '' }))).toEqual({ structuredContent: {} });
    expect(recordedCalls(bin.root, 'notify-send')).toEqual([
      ['--app-name', 'acme.album', '--print-id', '--', 'Hi', 'The lake page.'],
      ['--app-name', 'acme.album', '--print-id', '--', '--help', sneaky],
      ['--app-name', 'acme.album', '--print-id', '--', 'No body'],
    ]);
    expect(existsSync(join(dir, 'pwned'))).toBe(false);
  });

  it('replaces a shown notification posted again with the same id, and withdraws it on cancel through gdbus', async () => {
    const bin = notifyBin();
    const notifications = make({ env: bin.env });
    await notifications.post(post({ id: 'a/x', title: 'one' }));
    await notifications.post(post({ id: 'a/y', title: 'other' }));
    await notifications.post(post({ id: 'a/x', title: 'two' }));
    expect(recordedCalls(bin.root, 'notify-send')[2]).toEqual(['--app-name', 'a', '--print-id', '--replace-id', '1', '--', 'two']);
    expect(await notifications.cancel({ id: 'a/x' })).toEqual({ structuredContent: { cancelled: true } });
    expect(recordedCalls(bin.root, 'gdbus')).toEqual([
      [
        'call',
        '--session',
        '--dest',
        'org.freedesktop.Notifications',
        '--object-path',
        '/org/freedesktop/Notifications',
        '--method',
        'org.freedesktop.Notifications.CloseNotification',
        '3',
      ],
    ]);
    expect(await notifications.cancel({ id: 'a/x' })).toEqual({ structuredContent: { cancelled: false } });
    expect(await notifications.cancel({ id: 'a/never' })).toEqual({ structuredContent: { cancelled: false } });
  });

  it('answers cancelled false for a shown one when there is no gdbus or it fails', async () => {
    const noGdbus = fakeBin({ 'notify-send': 'echo 7' });
    const a = make({ env: noGdbus.env });
    await a.post(post({ id: 'a/x' }));
    expect(await a.cancel({ id: 'a/x' })).toEqual({ structuredContent: { cancelled: false } });
    const failing = notifyBin({ gdbus: 'exit 1' });
    const b = make({ env: failing.env });
    await b.post(post({ id: 'a/x' }));
    expect(await b.cancel({ id: 'a/x' })).toEqual({ structuredContent: { cancelled: false } });
    expect(recordedCalls(failing.root, 'gdbus')).toHaveLength(1);
  });

  it('falls back to plain notify-send where it knows no --print-id (libnotify before 0.7.10)', async () => {
    const bin = fakeBin({ 'notify-send': `case " $* " in *" --print-id "*) echo "Unknown option --print-id" >&2; exit 1;; esac` });
    const notifications = make({ env: bin.env });
    expect(await notifications.post(post({ id: 'a/x', title: 'old' }))).toEqual({ structuredContent: {} });
    expect(await notifications.post(post({ id: 'a/x', title: 'again' }))).toEqual({ structuredContent: {} });
    expect(recordedCalls(bin.root, 'notify-send')).toEqual([
      ['--app-name', 'a', '--print-id', '--', 'old'],
      ['--app-name', 'a', '--', 'old'],
      ['--app-name', 'a', '--', 'again'],
    ]);
  });

  it('answers isError when notify-send fails', async () => {
    const bin = fakeBin({ 'notify-send': 'echo "cannot connect to the session bus" >&2; exit 1' });
    expect(await make({ env: bin.env }).post(post({ id: 'a/x' }))).toEqual({ isError: 'notify-send failed: exit code 1: cannot connect to the session bus' });
  });
});

describe('createNotificationsProvider: scheduled', () => {
  it('persists a future notification, fires it at its time (not before) and forgets it', async () => {
    const bin = notifyBin();
    const root = tempDir();
    const stateFile = join(root, 'notifications.json');
    const timers = new FakeTimers(start);
    const notifications = make({ env: bin.env, timers, stateFile });
    const tap = { type: 'notificationTap' as const, app: 'acme.album', screen: 'page', params: { id: 'p2' } };
    expect(await notifications.post(post({ id: 'acme.album/due-1', title: 'Page due', body: 'Lake', at: '2026-11-01T11:00:00+01:00', tap }))).toEqual({
      structuredContent: {},
    });
    expect(JSON.parse(readFileSync(stateFile, 'utf8'))).toEqual({
      version: 1,
      pending: [{ id: 'acme.album/due-1', title: 'Page due', body: 'Lake', at: '2026-11-01T11:00:00+01:00', tap }],
    });
    await timers.advance(0);
    await settle();
    expect(recordedCalls(bin.root, 'notify-send')).toEqual([]);
    expect(await notifications.post(post({ id: 'acme.album/later', at: '2026-11-01T11:00:00z' }))).toEqual({ structuredContent: {} });
    await timers.advance(59 * 60_000);
    await settle();
    expect(recordedCalls(bin.root, 'notify-send')).toEqual([]);
    await timers.advance(60_000);
    await settle();
    expect(recordedCalls(bin.root, 'notify-send')).toEqual([['--app-name', 'acme.album', '--print-id', '--', 'Page due', 'Lake']]);
    expect(pendingIds(stateFile)).toEqual(['acme.album/later']);
    notifications.close();
  });

  it('arms long delays in chunks setTimeout can take, firing once at the end', async () => {
    const bin = notifyBin();
    const timers = new FakeTimers(start);
    const notifications = make({ env: bin.env, timers });
    await notifications.post(post({ id: 'a/far', title: 'far', at: new Date(start + 60 * 86_400_000).toISOString() }));
    await timers.advance(60 * 86_400_000 - 1);
    await settle();
    expect(recordedCalls(bin.root, 'notify-send')).toEqual([]);
    await timers.advance(1);
    await settle();
    expect(recordedCalls(bin.root, 'notify-send')).toHaveLength(1);
    expect(timers.delays.length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...timers.delays)).toBeLessThanOrEqual(maxTimerDelayMs);
    expect(timers.pending).toBe(0);
  });

  it('re-arms persisted notifications on creation; past-due ones fire at once', async () => {
    const bin = notifyBin();
    const stateFile = join(tempDir(), 'notifications.json');
    const first = make({ env: bin.env, timers: new FakeTimers(start), stateFile });
    await first.post(post({ id: 'a/soon', title: 'soon', at: '2026-11-01T09:30:00Z' }));
    await first.post(post({ id: 'a/late', title: 'late', at: '2026-11-02T09:00:00Z' }));
    first.close();
    expect(pendingIds(stateFile)).toEqual(['a/soon', 'a/late']);

    const timers = new FakeTimers(Date.parse('2026-11-01T12:00:00Z'));
    const second = make({ env: bin.env, timers, stateFile });
    await timers.advance(0);
    await settle();
    expect(recordedCalls(bin.root, 'notify-send').map((c) => c.at(-1))).toEqual(['soon']);
    expect(pendingIds(stateFile)).toEqual(['a/late']);
    await timers.advance(21 * 3_600_000);
    await settle();
    expect(recordedCalls(bin.root, 'notify-send').map((c) => c.at(-1))).toEqual(['soon', 'late']);
    expect(pendingIds(stateFile)).toEqual([]);
    second.close();
  });

  it('cancels a scheduled one (timer cleared, state removed), replaces one posted again, shows a past at now', async () => {
    const bin = notifyBin();
    const stateFile = join(tempDir(), 'notifications.json');
    const timers = new FakeTimers(start);
    const notifications = make({ env: bin.env, timers, stateFile });
    await notifications.post(post({ id: 'a/x', title: 'first', at: '2026-11-01T10:00:00Z' }));
    await notifications.post(post({ id: 'a/x', title: 'second', at: '2026-11-01T11:00:00Z' }));
    await notifications.post(post({ id: 'a/y', title: 'cancel me', at: '2026-11-01T10:30:00Z' }));
    expect(await notifications.cancel({ id: 'a/y' })).toEqual({ structuredContent: { cancelled: true } });
    expect(await notifications.cancel({ id: 'a/y' })).toEqual({ structuredContent: { cancelled: false } });
    expect(pendingIds(stateFile)).toEqual(['a/x']);
    await timers.advance(3 * 3_600_000);
    await settle();
    expect(recordedCalls(bin.root, 'notify-send').map((c) => c.at(-1))).toEqual(['second']);
    await notifications.post(post({ id: 'a/z', title: 'past', at: '2026-01-01T00:00:00Z' }));
    expect(recordedCalls(bin.root, 'notify-send').map((c) => c.at(-1))).toEqual(['second', 'past']);
    expect(pendingIds(stateFile)).toEqual([]);
  });

  it('posting a scheduled id now drops its schedule', async () => {
    const bin = notifyBin();
    const stateFile = join(tempDir(), 'notifications.json');
    const timers = new FakeTimers(start);
    const notifications = make({ env: bin.env, timers, stateFile });
    await notifications.post(post({ id: 'a/x', title: 'later', at: '2026-11-01T10:00:00Z' }));
    await notifications.post(post({ id: 'a/x', title: 'now' }));
    expect(pendingIds(stateFile)).toEqual([]);
    await timers.advance(2 * 3_600_000);
    await settle();
    expect(recordedCalls(bin.root, 'notify-send').map((c) => c.at(-1))).toEqual(['now']);
  });

  it('fires nothing after close', async () => {
    const bin = notifyBin();
    const timers = new FakeTimers(start);
    const notifications = make({ env: bin.env, timers });
    await notifications.post(post({ id: 'a/x', at: '2026-11-01T10:00:00Z' }));
    notifications.close();
    notifications.close();
    await timers.advance(2 * 3_600_000);
    await settle();
    expect(recordedCalls(bin.root, 'notify-send')).toEqual([]);
  });

  it('fires on real (unref) timers too', async () => {
    const bin = notifyBin();
    const notifications = make({ env: bin.env });
    await notifications.post(post({ id: 'a/real', title: 'real', at: new Date(Date.now() + 150).toISOString() }));
    expect(recordedCalls(bin.root, 'notify-send')).toEqual([]);
    for (let i = 0; i < 50 && recordedCalls(bin.root, 'notify-send').length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(recordedCalls(bin.root, 'notify-send')).toEqual([['--app-name', 'a', '--print-id', '--', 'real']]);
    notifications.close();
  });

  it('reports a scheduled notification that fails to show through onError', async () => {
    const bin = fakeBin({ 'notify-send': 'echo "no bus" >&2; exit 3' });
    const timers = new FakeTimers(start);
    const errors: Error[] = [];
    const notifications = make({ env: bin.env, timers, errors });
    await notifications.post(post({ id: 'a/x', at: '2026-11-01T10:00:00Z' }));
    await timers.advance(3_600_000);
    await settle();
    expect(errors.map((e) => e.message)).toEqual(['notification a/x: notify-send failed: exit code 3: no bus']);
  });
});

describe('createNotificationsProvider: the state file', () => {
  it('refuses a broken state file, naming it and the problem', () => {
    const bin = notifyBin();
    const dir = tempDir();
    const cases: [string, RegExp][] = [
      ['{oops', /notifications\.json: the notifications state file is not JSON/],
      ['[]', /notifications\.json: the notifications state file is broken at \/: expected an object/],
      ['{"version": 2, "pending": []}', /broken at \/version: expected 1/],
      ['{"version": 1, "pending": [{"id": "a/x", "title": "t", "body": null, "at": "soon", "tap": null}]}', /broken at \/pending\/0\/at: expected a date-time/],
    ];
    for (const [text, message] of cases) {
      const stateFile = join(dir, 'notifications.json');
      writeFileSync(stateFile, text);
      expect(() => createNotificationsProvider({ stateFile, env: bin.env })).toThrow(message);
      expect(readFileSync(stateFile, 'utf8')).toBe(text);
    }
  });

  it('answers stateWriteFailed when the schedule cannot be written, and keeps nothing armed', async () => {
    const bin = notifyBin();
    const dir = tempDir();
    const timers = new FakeTimers(start);
    const notifications = make({ env: bin.env, timers, stateFile: join(dir, 'sub', 'notifications.json') });
    writeFileSync(join(dir, 'sub'), 'a file where the folder should be');
    const answer = await notifications.post(post({ id: 'a/x', at: '2026-11-01T10:00:00Z' }));
    expect(answer).toEqual({ isError: 'stateWriteFailed: EEXIST' });
    expect(timers.pending).toBe(0);
    expect(await notifications.cancel({ id: 'a/x' })).toEqual({ structuredContent: { cancelled: false } });
  });

  it('keeps a scheduled notification armed when its cancel or its replacement cannot be written', async () => {
    const bin = notifyBin();
    const dir = tempDir();
    const timers = new FakeTimers(start);
    const stateFile = join(dir, 'sub', 'notifications.json');
    const notifications = make({ env: bin.env, timers, stateFile });
    expect(await notifications.post(post({ id: 'a/x', at: '2026-11-01T10:00:00Z' }))).toEqual({ structuredContent: {} });
    renameSync(join(dir, 'sub'), join(dir, 'moved'));
    writeFileSync(join(dir, 'sub'), 'a file where the folder should be');
    expect(await notifications.cancel({ id: 'a/x' })).toEqual({ isError: 'stateWriteFailed: EEXIST' });
    expect(timers.pending).toBe(1);
    expect(await notifications.post(post({ id: 'a/x' }))).toEqual({ isError: 'stateWriteFailed: EEXIST' });
    expect(timers.pending).toBe(1);
    rmSync(join(dir, 'sub'));
    renameSync(join(dir, 'moved'), join(dir, 'sub'));
    expect(pendingIds(stateFile)).toEqual(['a/x']);
    expect(await notifications.cancel({ id: 'a/x' })).toEqual({ structuredContent: { cancelled: true } });
    expect(timers.pending).toBe(0);
    expect(pendingIds(stateFile)).toEqual([]);
  });
});

describe('createNotificationsProvider: two hosts on one state file', () => {
  it('keeps both hosts’ scheduled notifications: B’s post does not drop A’s', async () => {
    const bin = notifyBin();
    const stateFile = join(tempDir(), 'notifications.json');
    const timersA = new FakeTimers(start);
    const timersB = new FakeTimers(start);
    const a = make({ env: bin.env, timers: timersA, stateFile });
    const b = make({ env: bin.env, timers: timersB, stateFile });
    expect(await a.post(post({ id: 'a/one', title: 'from A', at: '2026-11-01T10:00:00Z' }))).toEqual({ structuredContent: {} });
    expect(await b.post(post({ id: 'b/two', title: 'from B', at: '2026-11-01T10:30:00Z' }))).toEqual({ structuredContent: {} });
    expect(await a.post(post({ id: 'a/three', title: 'A again', at: '2026-11-01T11:00:00Z' }))).toEqual({ structuredContent: {} });
    expect(pendingIds(stateFile)).toEqual(['a/one', 'b/two', 'a/three']);
    expect(await b.cancel({ id: 'a/three' })).toEqual({ structuredContent: { cancelled: true } });
    expect(pendingIds(stateFile)).toEqual(['a/one', 'b/two']);
    await timersA.advance(3 * 3_600_000);
    await timersB.advance(3 * 3_600_000);
    await settle();
    expect(
      recordedCalls(bin.root, 'notify-send')
        .map((c) => c.at(-1))
        .sort(),
    ).toEqual(['from A', 'from B']);
    expect(pendingIds(stateFile)).toEqual([]);
  });

  it('shows a notification both hosts armed (the second started after it was posted) only once', async () => {
    const bin = notifyBin();
    const stateFile = join(tempDir(), 'notifications.json');
    const timersA = new FakeTimers(start);
    const a = make({ env: bin.env, timers: timersA, stateFile });
    await a.post(post({ id: 'a/x', title: 'once', at: '2026-11-01T10:00:00Z' }));
    const timersB = new FakeTimers(start);
    make({ env: bin.env, timers: timersB, stateFile });
    expect(timersB.pending).toBe(1);
    await Promise.all([timersA.advance(3_600_000), timersB.advance(3_600_000)]);
    await settle();
    expect(recordedCalls(bin.root, 'notify-send').map((c) => c.at(-1))).toEqual(['once']);
  });

  it('loses no post when two processes schedule 60 notifications each at the same time', async () => {
    const bin = notifyBin();
    const stateFile = join(tempDir(), 'notifications.json');
    const notifySend = join(bin.bin, 'notify-send');
    const [x, y] = await Promise.all([
      runChild(new URL('./children/notification-poster.ts', import.meta.url), [stateFile, notifySend, 'x', '60']),
      runChild(new URL('./children/notification-poster.ts', import.meta.url), [stateFile, notifySend, 'y', '60']),
    ]);
    for (const end of [x, y]) {
      expect(end.stderr).toBe('');
      expect(end.code).toBe(0);
    }
    const ids = pendingIds(stateFile);
    expect(ids).toHaveLength(120);
    expect(new Set(ids).size).toBe(120);
    expect(readdirSync(join(stateFile, '..'))).toEqual(['notifications.json']);
  }, 30_000);
});

describe('createNotificationsProvider: limits and file modes', () => {
  it('refuses a scheduled post past maxScheduled (counted over every host of the file), but replaces an existing id', async () => {
    expect(defaultMaxScheduled).toBe(1000);
    const bin = notifyBin();
    const stateFile = join(tempDir(), 'notifications.json');
    const a = make({ env: bin.env, timers: new FakeTimers(start), stateFile, maxScheduled: 3 });
    const b = make({ env: bin.env, timers: new FakeTimers(start), stateFile, maxScheduled: 3 });
    for (const id of ['a/1', 'a/2']) expect(await a.post(post({ id, at: '2026-11-01T10:00:00Z' }))).toEqual({ structuredContent: {} });
    expect(await b.post(post({ id: 'b/1', at: '2026-11-01T10:00:00Z' }))).toEqual({ structuredContent: {} });
    expect(await a.post(post({ id: 'a/3', at: '2026-11-01T10:00:00Z' }))).toEqual({
      isError: 'tooManyScheduled: 3 notifications are scheduled already (at most 3); cancel one or post it later',
    });
    expect(await a.post(post({ id: 'b/1', title: 'replaced', at: '2026-11-01T10:00:00Z' }))).toEqual({ structuredContent: {} });
    expect(await a.post(post({ id: 'a/now', title: 'shown now' }))).toEqual({ structuredContent: {} });
    expect(pendingIds(stateFile)).toEqual(['a/1', 'a/2', 'b/1']);
    expect(() => createNotificationsProvider({ stateFile, env: bin.env, maxScheduled: -1 })).toThrow(RangeError);
  });

  it('creates its folder 0700 and the state file 0600 whatever the umask', async () => {
    const bin = notifyBin();
    const stateFile = join(tempDir(), 'new', 'notifications.json');
    const previous = process.umask(0);
    try {
      const notifications = make({ env: bin.env, timers: new FakeTimers(start), stateFile });
      await notifications.post(post({ id: 'a/x', at: '2026-11-01T10:00:00Z' }));
    } finally {
      process.umask(previous);
    }
    expect((statSync(join(stateFile, '..')).mode & 0o777).toString(8)).toBe('700');
    expect((statSync(stateFile).mode & 0o777).toString(8)).toBe('600');
  });

  it('refuses a state file that is a symbolic link or writable by others', () => {
    const bin = notifyBin();
    const dir = tempDir();
    const stateFile = join(dir, 'notifications.json');
    writeFileSync(join(dir, 'real.json'), '{"version": 1, "pending": []}');
    symlinkSync(join(dir, 'real.json'), stateFile);
    expect(() => createNotificationsProvider({ stateFile, env: bin.env })).toThrow(`${stateFile}: the notifications state file is a symbolic link`);
    rmSync(stateFile);
    writeFileSync(stateFile, '{"version": 1, "pending": []}');
    chmodSync(stateFile, 0o666);
    expect(() => createNotificationsProvider({ stateFile, env: bin.env })).toThrow(
      `${stateFile}: the notifications state file is writable by others (mode 0666): run chmod 600 ${stateFile}`,
    );
  });
});
