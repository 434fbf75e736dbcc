/** The kinds of request the console can put to a person. */
export type ConsolePendingKind = 'consent' | 'photos' | 'open' | 'save' | 'print';

/**
 * A request waiting in the console, as `GET /api/state` and the `pending`
 * event show it: its id, kind, app and times, and the kind's own fields
 * (see `API.md`). Every field is plain JSON; the page renders each string as text.
 */
export interface ConsolePending {
  /** Random, unguessable; an answer names it. */
  readonly id: string;
  /** What is asked. */
  readonly kind: ConsolePendingKind;
  /** The app id asking. */
  readonly app: string;
  /** When the request started waiting (ISO 8601). */
  readonly createdAt: string;
  /** When it is dismissed or cancelled unanswered (ISO 8601). */
  readonly expiresAt: string;
  /** The kind's own fields (`scope`, `photos`, `files`, `printers`, …). */
  readonly [field: string]: unknown;
}
