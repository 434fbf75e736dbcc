import path from 'node:path';
import type { GrantStore } from '@xcap/broker';
import type { Grant } from '@xcap/catalog';
import { writeFileAtomic } from './atomic-write.js';
import type { FileLockOptions } from './file-lock.js';
import { withStateFileLock } from './state-file.js';
import { GrantFileError } from './grant-file-error.js';
import { type GrantFile, formatGrantFile } from './parse-grant-file.js';
import { type GrantFileSnapshot, grantFileKey, readGrantFile } from './read-grant-file.js';

/** Options of `FileGrantStore`. */
export interface FileGrantStoreOptions {
  /** The lock around read-modify-write (wait bound and staleness); the lock file is `<file>.lock`. */
  readonly lock?: FileLockOptions;
  /**
   * Told once about each distinct problem of the file (a `GrantFileError`
   * naming the file and the JSON pointer), the first time a read meets it;
   * the read still rejects with it. Default: a process warning
   * (`XcapGrantFileWarning`, one line on stderr).
   */
  readonly onError?: (error: GrantFileError) => void;
}

/**
 * A `GrantStore` kept in one JSON file (consent.json) in the spec's
 * vocabulary: `{"<appId>": {"<scope>": "granted"|"denied"}}`.
 *
 * - Every change is a read-modify-write under a lock file (`<file>.lock`),
 *   so processes writing at once lose no write; a lock left by a dead
 *   process is taken over.
 * - The file is replaced atomically (temp file, fsync, rename, fsync of the
 *   folder): a crash leaves the old file or the new one, never half of one.
 * - Reads see other processes' writes: the file is read again whenever its
 *   inode, size or modification time changed.
 * - A missing file means no grants. A file that is not JSON or not the
 *   spec's shape is a `GrantFileError` (file and JSON pointer) on every read
 *   and write; it is never reset or overwritten. `onError` hears of each
 *   distinct problem once.
 * - The file is opened without following a symbolic link and checked on the
 *   open handle: a symbolic link, a non-regular file, a file owned by
 *   another user or writable by others is a `GrantFileError` too, so a write
 *   never replaces a link (leaving its target stale).
 */
export class FileGrantStore implements GrantStore {
  /** The grant file. */
  readonly file: string;
  readonly #lockOptions: FileLockOptions;
  readonly #onError: (error: GrantFileError) => void;
  #reported: string | undefined;
  #snapshot: GrantFileSnapshot | undefined;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(file: string, options: FileGrantStoreOptions = {}) {
    if (typeof file !== 'string' || file === '') throw new TypeError('FileGrantStore: file must be a non-empty path');
    if (file.includes('\0')) throw new TypeError('FileGrantStore: file must not contain a NUL character');
    this.file = path.resolve(file);
    this.#lockOptions = options.lock ?? {};
    this.#onError = options.onError ?? ((error) => process.emitWarning(error.message, 'XcapGrantFileWarning'));
  }

  /** The stored answer of `app` for `scope`, or `undefined` when undecided. */
  async get(app: string, scope: string): Promise<Grant | undefined> {
    checkKey('app', app);
    checkKey('scope', scope);
    const grants = await this.#read();
    return Object.hasOwn(grants, app) && Object.hasOwn(grants[app] as object, scope) ? grants[app]?.[scope] : undefined;
  }

  /** Stores `grant` (`granted` or `denied`) for `app` and `scope`; resolves once the file is on disk. */
  async set(app: string, scope: string, grant: Grant): Promise<void> {
    checkKey('app', app);
    checkKey('scope', scope);
    const answer: unknown = grant; // from any caller, JavaScript included
    if (answer !== 'granted' && answer !== 'denied')
      throw new TypeError(`FileGrantStore.set: grant must be "granted" or "denied", got ${(JSON.stringify(answer) as string | undefined) ?? String(answer)}`);
    await this.#update((grants) => {
      const current = Object.hasOwn(grants, app) ? grants[app] : undefined;
      if (current !== undefined && Object.hasOwn(current, scope) && current[scope] === grant) return false;
      const scopes = current ?? (Object.create(null) as Record<string, Grant>);
      scopes[scope] = grant;
      grants[app] = scopes;
      return true;
    });
  }

  /** Forgets the answer of `app` for `scope` (undecided again); resolves once the file is on disk. */
  async delete(app: string, scope: string): Promise<void> {
    checkKey('app', app);
    checkKey('scope', scope);
    await this.#update((grants) => {
      const scopes = Object.hasOwn(grants, app) ? grants[app] : undefined;
      if (scopes === undefined || !Object.hasOwn(scopes, scope)) return false;
      delete scopes[scope];
      if (Object.keys(scopes).length === 0) delete grants[app];
      return true;
    });
  }

  /** Every stored grant (app → scope → answer), a fresh copy (for `xcap grants`). */
  async all(): Promise<GrantFile> {
    const grants = await this.#read();
    const copy: GrantFile = Object.create(null) as GrantFile;
    for (const [app, scopes] of Object.entries(grants)) copy[app] = Object.assign(Object.create(null) as Record<string, Grant>, scopes);
    return copy;
  }

  /** The grants of one app as a scope → answer record (empty when it has none). */
  async grantsOf(app: string): Promise<Record<string, Grant>> {
    checkKey('app', app);
    const grants = await this.#read();
    const scopes = Object.hasOwn(grants, app) ? grants[app] : undefined;
    return Object.assign(Object.create(null) as Record<string, Grant>, scopes);
  }

  /**
   * Reads the file unless it is unchanged since the last read. The check is
   * one synchronous `lstat` (every call's decision reads a grant, and a
   * thread-pool round trip would cost more than the check itself).
   */
  async #read(): Promise<GrantFile> {
    try {
      const key = grantFileKey(this.file);
      if (key === undefined) return Object.create(null) as GrantFile;
      if (this.#snapshot?.key !== key) this.#snapshot = readGrantFile(this.file) ?? { key: '', grants: Object.create(null) as GrantFile };
      this.#reported = undefined;
      return this.#snapshot.grants;
    } catch (error) {
      if (error instanceof GrantFileError && error.message !== this.#reported) {
        this.#reported = error.message;
        try {
          this.#onError(error);
        } catch {
          // a failing listener must not replace the error the caller gets
        }
      }
      throw error;
    }
  }

  /** Read-modify-write under the lock; `change` answers whether anything changed (nothing is written otherwise). */
  #update(change: (grants: GrantFile) => boolean): Promise<void> {
    const run = async () => {
      await withStateFileLock(this.file, this.#lockOptions, async (stillHeld) => {
        this.#snapshot = undefined;
        const grants = await this.all();
        if (!change(grants)) return;
        await writeFileAtomic(this.file, formatGrantFile(grants), { beforeRename: stillHeld });
      });
    };
    const done = this.#queue.then(run, run);
    this.#queue = done.catch(() => undefined);
    return done;
  }
}

function checkKey(what: string, value: unknown): void {
  if (typeof value !== 'string' || value === '')
    throw new TypeError(`FileGrantStore: ${what} must be a non-empty string, got ${typeof value === 'string' ? '""' : typeof value}`);
}
