import path from 'node:path';
import { identifyToken, newTokenRecord, TokenNameTakenError, type ManagedTokenStore, type TokenIdentity, type TokenListing } from '@xcap/tokens';
import { writeFileAtomic } from './atomic-write.js';
import type { FileLockOptions } from './file-lock.js';
import { readStateFile, stateFileKey, withStateFileLock } from './state-file.js';
import { formatTokenFile, parseTokenFile, type StoredToken } from './token-file.js';
import { TokenFileError } from './token-file-error.js';

/** Options of `FileTokenStore`. */
export interface FileTokenStoreOptions {
  /** The lock around changes (the lock file is `<file>.lock`). */
  readonly lock?: FileLockOptions;
  /** The clock of `created` (default the system's). */
  readonly clock?: () => Date;
}

interface Snapshot {
  readonly key: string;
  readonly tokens: Record<string, StoredToken>;
  /** Digests as bytes, for the constant-time comparison. */
  readonly digests: readonly (readonly [string, Uint8Array])[];
}

/**
 * The bearer tokens of `xcap serve --http`, kept in one JSON file
 * (`tokens.json` in the data directory, mode 0600) that holds only each
 * token's SHA-256 digest (a `ManagedTokenStore` of `@xcap/tokens`):
 *
 * - `add(name)` mints a token (`mintToken`: `xcap_` and 32 bytes of the
 *   CSPRNG), stores its digest and answers the token: it is shown once and
 *   cannot be read back. A taken name is a `TokenNameTakenError`.
 * - `verify(token)` (asked on every HTTP request) compares the token's
 *   digest with every stored one in constant time (`findTokenName`). It re-reads
 *   the file whenever its identity changed (one synchronous `lstat` per
 *   request: device, inode, size, times), so `xcap token revoke` in another
 *   process is seen on the next request, with no restart.
 * - Changes are read-modify-writes under a lock file (`<file>.lock`),
 *   written atomically (temp file, fsync, rename) with mode 0600.
 * - A missing file means no tokens (every request is refused). A broken
 *   file, a symbolic link, a non-regular file or one writable by other users
 *   is a `TokenFileError`; it is never overwritten.
 */
export class FileTokenStore implements ManagedTokenStore {
  /** The token file. */
  readonly file: string;
  readonly #lockOptions: FileLockOptions;
  readonly #clock: () => Date;
  #snapshot: Snapshot | undefined;

  constructor(file: string, options: FileTokenStoreOptions = {}) {
    if (typeof file !== 'string' || file === '' || file.includes('\0'))
      throw new TypeError('FileTokenStore: file must be a non-empty path without NUL characters');
    this.file = path.resolve(file);
    this.#lockOptions = options.lock ?? {};
    this.#clock = options.clock ?? (() => new Date());
  }

  /** The identity of `token`, or `null` when no stored digest matches (unknown or revoked). Throws a `TokenFileError` for a broken file. */
  async verify(token: string): Promise<TokenIdentity | null> {
    const { digests } = this.#read();
    return identifyToken(token, digests);
  }

  /** The stored tokens' names and times, sorted by name. */
  async list(): Promise<TokenListing[]> {
    const { tokens } = this.#read();
    return Object.keys(tokens)
      .sort()
      .map((name) => ({ name, created: (tokens[name] as StoredToken).created }));
  }

  /**
   * Makes a new token named `name` and answers it (the only time it is
   * shown). A name outside `tokenNamePattern` is a `TypeError`; a name that
   * has a token is a `TokenNameTakenError` of `@xcap/tokens`.
   */
  async add(name: string): Promise<string> {
    const { token, sha256 } = await newTokenRecord(name);
    await this.#update((tokens) => {
      if (Object.hasOwn(tokens, name)) throw new TokenNameTakenError(this.file, name);
      tokens[name] = { sha256, created: this.#clock().toISOString() };
      return true;
    });
    return token;
  }

  /** Forgets the token named `name`; answers whether there was one. Requests with it are refused from the next one on. */
  async revoke(name: string): Promise<boolean> {
    let had = false;
    await this.#update((tokens) => {
      had = Object.hasOwn(tokens, name);
      if (had) delete tokens[name];
      return had;
    });
    return had;
  }

  /** The file's tokens, read again only when its identity changed. */
  #read(): Snapshot {
    const fail = (problem: string) => new TokenFileError(this.file, '', problem);
    const key = stateFileKey(this.file, fail);
    if (key === undefined) this.#snapshot = undefined;
    else if (this.#snapshot?.key !== key) this.#snapshot = readTokenFile(this.file);
    return this.#snapshot ?? { key: '', tokens: Object.create(null) as Record<string, StoredToken>, digests: [] };
  }

  async #update(change: (tokens: Record<string, StoredToken>) => boolean): Promise<void> {
    await withStateFileLock(this.file, this.#lockOptions, async (stillHeld) => {
      this.#snapshot = undefined;
      const tokens = { ...this.#read().tokens };
      if (!change(tokens)) return;
      await writeFileAtomic(this.file, formatTokenFile(tokens), { mode: 0o600, beforeRename: stillHeld });
    });
  }
}

/** Reads the token file the one safe way for a state file (`readStateFile`: no link followed, checked on the open handle: regular, private to this user). */
function readTokenFile(file: string): Snapshot | undefined {
  const read = readStateFile(file, (problem) => new TokenFileError(file, '', problem));
  if (read === undefined) return undefined;
  const tokens = parseTokenFile(file, read.text).tokens;
  return { key: read.key, tokens, digests: Object.entries(tokens).map(([name, stored]) => [name, Buffer.from(stored.sha256, 'base64url')] as const) };
}
