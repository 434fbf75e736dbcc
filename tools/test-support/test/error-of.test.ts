/**
 * errorOf: the class and the message of a rejection, where a message-only
 * `rejects.toThrow('text')` lets a rejection with `undefined` pass.
 */
import { describe, expect, it } from 'vitest';
import { errorOf } from '../src/index.js';

class LockError extends Error {}
class StaleLockError extends LockError {}

/** Whether `rejects.toThrow(matcher)` passes for a promise rejected with `reason`. */
async function passes(reason: unknown, matcher: unknown): Promise<boolean> {
  return expect(Promise.reject(reason))
    .rejects.toThrow(matcher as Error)
    .then(
      () => true,
      () => false,
    );
}

describe('errorOf', () => {
  it('passes for the class or a subclass with the message contained (a string) or matched (a RegExp)', async () => {
    expect(await passes(new LockError('lost the lock x.lock'), errorOf(LockError, 'lost the lock'))).toBe(true);
    expect(await passes(new StaleLockError('lost the lock x.lock'), errorOf(LockError, /^lost the lock \S+$/))).toBe(true);
  });

  it('fails for undefined, null, a string or an object with the message, where a message alone passes for the first two', async () => {
    for (const reason of [undefined, null, 'lost the lock', { message: 'lost the lock' }]) {
      expect(await passes(reason, errorOf(LockError, 'lost the lock'))).toBe(false);
    }
    expect(await passes(undefined, 'lost the lock')).toBe(true);
    expect(await passes(null, /lost/)).toBe(true);
  });

  it('fails for another class, or the class with another message', async () => {
    expect(await passes(new Error('lost the lock'), errorOf(LockError, 'lost the lock'))).toBe(false);
    expect(await passes(new LockError('lost the lock'), errorOf(StaleLockError, 'lost the lock'))).toBe(false);
    expect(await passes(new LockError('held by pid 7'), errorOf(LockError, 'lost the lock'))).toBe(false);
    expect(await passes(new LockError('held by pid 7'), errorOf(LockError, /lost/))).toBe(false);
  });

  it('a global or sticky RegExp matches anywhere in the message, each time (its flags g and y are dropped)', async () => {
    const matcher = errorOf(LockError, /lost/gy);
    expect(await passes(new LockError('the lock was lost'), matcher)).toBe(true);
    expect(await passes(new LockError('the lock was lost'), matcher)).toBe(true);
  });

  it('prints what it expects', () => {
    expect(String(errorOf(LockError, 'lost the lock'))).toBe('LockError with a message containing "lost the lock"');
    expect(errorOf(LockError, /^lost/i).toAsymmetricMatcher()).toBe('LockError with a message matching /^lost/i');
  });
});
