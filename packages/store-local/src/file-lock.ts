import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { link, open, readFile, readdir, rename, stat, unlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { isCode } from './atomic-write.js';
import { FileLockError } from './file-lock-error.js';

/** How long to wait for a lock and when a held lock counts as abandoned. */
export interface FileLockOptions {
  /** Give up (a `FileLockError`) after waiting this long (default 15,000 ms, longer than `staleMs`). */
  readonly timeoutMs?: number;
  /** A lock older than this is taken over even when its process seems alive (default 10,000 ms). */
  readonly staleMs?: number;
}

/**
 * How far in the future a lock's recorded time may be (clock skew between
 * hosts sharing a folder); a lock written later than that says nothing
 * trustworthy about its age and is taken over.
 */
export const lockFutureSlackMs = 5_000;

/** What a lock file says about its holder. */
interface Holder {
  readonly raw: string;
  readonly pid?: number;
  readonly host?: string;
  readonly at?: number;
  readonly mtimeMs: number;
}

/**
 * Runs `fn` while holding `lockFile`, a lock between processes (and between
 * callers in one process): the file is created exclusively (a complete
 * temp file hard-linked into place, so it is never seen half-written) and
 * holds the pid, host, time and a random nonce. A lock whose process is gone
 * (same host, pid no longer alive), that is older than `staleMs`, or whose
 * time lies more than `lockFutureSlackMs` in the future is taken over (so no
 * lock, whatever its content, blocks for longer than `staleMs`); after
 * `timeoutMs` of waiting the answer is a `FileLockError` naming the holder.
 * A lock path that is not a regular file (a folder, a symbolic link, …) is a
 * `FileLockError` naming the path and what to do. `fn` gets `stillHeld()`, which throws a `FileLockError` when
 * the lock was taken over meanwhile: call it just before making a write
 * visible, so a holder that stalled past `staleMs` cannot overwrite the
 * newer holder's work.
 */
export async function withFileLock<T>(lockFile: string, fn: (stillHeld: () => Promise<void>) => Promise<T>, options: FileLockOptions = {}): Promise<T> {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const staleMs = options.staleMs ?? 10_000;
  const mine = await acquire(lockFile, timeoutMs, staleMs);
  await sweepLeftovers(lockFile, staleMs).catch(() => undefined);
  const stillHeld = async () => {
    const holder = await readHolder(lockFile);
    if (holder?.raw !== mine)
      throw new FileLockError(lockFile, `lost the lock ${lockFile}: it was taken over by another process (held longer than ${staleMs} ms)`);
  };
  try {
    return await fn(stillHeld);
  } finally {
    const holder = await readHolder(lockFile).catch(() => undefined);
    if (holder?.raw === mine) await unlink(lockFile).catch(() => undefined);
  }
}

async function acquire(lockFile: string, timeoutMs: number, staleMs: number): Promise<string> {
  const nonce = randomBytes(8).toString('hex');
  const temp = `${lockFile}.${process.pid}.${nonce}`;
  let mine = '';
  let written = 0;
  const prepare = async () => {
    written = Date.now();
    mine = JSON.stringify({ pid: process.pid, host: os.hostname(), at: new Date(written).toISOString(), nonce });
    const handle = await open(temp, 'w', 0o600);
    try {
      await handle.writeFile(mine);
    } finally {
      await handle.close();
    }
  };
  try {
    await prepare();
    const deadline = Date.now() + timeoutMs;
    let pause = 1;
    for (;;) {
      if (Date.now() - written > 1000) await prepare();
      if (await tryCreate(lockFile, temp, mine)) return mine;
      const holder = await readHolder(lockFile);
      if (holder === undefined) continue;
      if (isStale(holder, staleMs)) {
        await takeOver(lockFile, holder);
        continue;
      }
      if (Date.now() >= deadline) throw new FileLockError(lockFile, `could not lock ${lockFile} within ${timeoutMs} ms: ${describe(holder)}`);
      await sleep(pause + Math.random() * pause);
      pause = Math.min(pause * 1.5, 25);
    }
  } finally {
    await unlink(temp).catch(() => undefined);
  }
}

/**
 * Makes the lock file appear complete in one step: `temp` (which holds
 * `content`) is hard-linked to it. False when a lock file exists already.
 */
async function tryCreate(lockFile: string, temp: string, content: string): Promise<boolean> {
  try {
    await link(temp, lockFile);
    return true;
  } catch (error) {
    if (isCode(error, 'EEXIST')) return false;
    if (!isCode(error, 'EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS')) throw error;
    return createExclusive(lockFile, content);
  }
}

/** The fallback where hard links are not supported: an exclusive create, then the content. */
async function createExclusive(lockFile: string, content: string): Promise<boolean> {
  let handle;
  try {
    handle = await open(lockFile, 'wx', 0o600);
  } catch (error) {
    if (isCode(error, 'EEXIST')) return false;
    throw error;
  }
  try {
    await handle.writeFile(content);
  } finally {
    await handle.close();
  }
  return true;
}

async function readHolder(lockFile: string): Promise<Holder | undefined> {
  let raw: string;
  let mtimeMs: number;
  let handle;
  try {
    handle = await open(
      lockFile,
      constants.O_RDONLY | ((constants.O_NOFOLLOW as number | undefined) ?? 0) | ((constants.O_NONBLOCK as number | undefined) ?? 0),
    );
  } catch (error) {
    if (isCode(error, 'ENOENT')) return undefined;
    if (isCode(error, 'ELOOP')) throw notALock(lockFile, 'a symbolic link');
    throw error;
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw notALock(lockFile, info.isDirectory() ? 'a folder' : 'not a regular file');
    mtimeMs = info.mtimeMs;
    raw = await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { raw, mtimeMs };
  }
  const fields = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  const pid = fields['pid'];
  const host = fields['host'];
  const at = typeof fields['at'] === 'string' ? Date.parse(fields['at']) : Number.NaN;
  return {
    raw,
    mtimeMs,
    ...(Number.isSafeInteger(pid) && (pid as number) > 0 ? { pid: pid as number } : {}),
    ...(typeof host === 'string' ? { host } : {}),
    ...(Number.isFinite(at) ? { at } : {}),
  };
}

function isStale(holder: Holder, staleMs: number): boolean {
  if (holder.pid !== undefined && holder.host === os.hostname() && !isAlive(holder.pid)) return true;
  const age = Date.now() - (holder.at ?? holder.mtimeMs);
  return age > staleMs || age < -lockFutureSlackMs;
}

function notALock(lockFile: string, what: string): FileLockError {
  return new FileLockError(
    lockFile,
    `the lock file ${lockFile} is ${what}, not a lock this program wrote: remove it (rm -r ${lockFile}) once no xcap process uses this folder`,
  );
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return !isCode(error, 'ESRCH');
  }
}

/**
 * Removes a stale lock without removing a fresh one that replaced it in the
 * meantime: the lock is renamed aside, and if what was moved is not the
 * stale lock that was judged, it is linked back (unless yet another lock
 * exists by then).
 */
async function takeOver(lockFile: string, stale: Holder): Promise<void> {
  const aside = `${lockFile}.stale-${randomBytes(6).toString('hex')}`;
  try {
    await rename(lockFile, aside);
  } catch (error) {
    if (isCode(error, 'ENOENT')) return;
    throw error;
  }
  try {
    const moved = await readFile(aside, 'utf8');
    if (moved !== stale.raw) await link(aside, lockFile).catch(() => undefined);
  } finally {
    await unlink(aside).catch(() => undefined);
  }
}

/**
 * Removes what killed lockers left beside the lock: their half-made lock
 * files (`<lock>.<pid>.<nonce>`, when that process is gone or the file is
 * older than `staleMs`) and stale locks moved aside by a takeover that was
 * itself interrupted.
 */
async function sweepLeftovers(lockFile: string, staleMs: number): Promise<void> {
  const dir = path.dirname(lockFile);
  const prefix = `${path.basename(lockFile)}.`;
  for (const name of await readdir(dir)) {
    if (!name.startsWith(prefix)) continue;
    const rest = name.slice(prefix.length);
    const pending = /^(\d+)\.[0-9a-f]{16}$/.exec(rest);
    if (pending === null && !/^stale-[0-9a-f]{12}$/.test(rest)) continue;
    const pid = Number(pending?.[1]);
    if (pid === process.pid) continue;
    const file = path.join(dir, name);
    const old = await stat(file).then(
      (info) => Date.now() - info.mtimeMs > staleMs,
      () => false,
    );
    if (old || (pending !== null && !isAlive(pid))) await unlink(file).catch(() => undefined);
  }
}

function describe(holder: Holder): string {
  if (holder.pid === undefined) return `the lock file holds no readable owner (written ${new Date(holder.mtimeMs).toISOString()})`;
  const since = holder.at === undefined ? '' : ` since ${new Date(holder.at).toISOString()}`;
  return `held by pid ${holder.pid}${holder.host === undefined ? '' : ` on ${holder.host}`}${since}`;
}
