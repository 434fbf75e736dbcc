import type { NotificationsPostNativeInput } from '@xcap/catalog';
import { readStateFile } from '@xcap/store-local';

/** A scheduled notification as the state file keeps it (the native input of notifications_post, `at` set). */
export type PendingNotification = NotificationsPostNativeInput & {
  /** When to show it (RFC 3339). */
  readonly at: string;
};

/** The notifications state file: `{"version": 1, "pending": [ … ]}`, one entry per scheduled notification. */
export interface NotificationStateFile {
  /** The file format's version (a later one can migrate it). */
  readonly version: 1;
  /** The scheduled notifications, not yet shown. */
  readonly pending: readonly PendingNotification[];
}

/**
 * The scheduled notifications kept in `path` (none when the file does not
 * exist yet). The file is opened without following a symbolic link and
 * checked on the open handle (a regular file, owned by the current user,
 * writable by no one else). A file that is not JSON or not in this shape
 * throws an error naming the file and the problem: it is never silently
 * reset.
 */
export function readNotificationState(path: string): PendingNotification[] {
  const read = readStateFile(path, (problem) => new Error(`${path}: the notifications state file ${problem}`));
  if (read === undefined) return [];
  const text = read.text;
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    throw new Error(`${path}: the notifications state file is not JSON (${(error as Error).message})`);
  }
  const problem = (where: string, what: string) => new Error(`${path}: the notifications state file is broken at ${where}: ${what}`);
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) throw problem('/', 'expected an object {"version": 1, "pending": [...]}');
  const record = doc as Record<string, unknown>;
  if (record['version'] !== 1) throw problem('/version', 'expected 1');
  const pending = record['pending'];
  if (!Array.isArray(pending)) throw problem('/pending', 'expected an array');
  return pending.map((entry: unknown, i) => {
    const at = `/pending/${i}`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) throw problem(at, 'expected an object');
    const e = entry as Record<string, unknown>;
    if (typeof e['id'] !== 'string' || e['id'] === '') throw problem(`${at}/id`, 'expected a non-empty string');
    if (typeof e['title'] !== 'string') throw problem(`${at}/title`, 'expected a string');
    if (e['body'] !== null && typeof e['body'] !== 'string') throw problem(`${at}/body`, 'expected a string or null');
    if (typeof e['at'] !== 'string' || Number.isNaN(parseInstant(e['at']))) throw problem(`${at}/at`, 'expected a date-time');
    const tap = e['tap'];
    if (tap !== null && (typeof tap !== 'object' || Array.isArray(tap))) throw problem(`${at}/tap`, 'expected an object or null');
    return { id: e['id'], title: e['title'], body: e['body'], at: e['at'], tap } as PendingNotification;
  });
}

/** The state file's text for `pending`: one entry per line, so a person can read it and a rewrite stays cheap. */
export function formatNotificationState(pending: readonly PendingNotification[]): string {
  if (pending.length === 0) return '{"version": 1, "pending": []}\n';
  return `{"version": 1, "pending": [\n${pending.map((entry) => JSON.stringify(entry)).join(',\n')}\n]}\n`;
}

/**
 * Milliseconds since the epoch of an RFC 3339 date-time (`T`/`Z` in either
 * case; a leap second `:60` counts as `:59`), `NaN` when it is not one.
 */
export function parseInstant(text: string): number {
  return Date.parse(text.toUpperCase().replace(/^(.{16}):60/, (_m, head: string) => `${head}:59`));
}
