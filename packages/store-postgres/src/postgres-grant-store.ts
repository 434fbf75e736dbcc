import type { GrantStore } from '@xcap/broker';
import type { Grant } from '@xcap/catalog';
import type { PostgresDatabase } from './postgres-database.js';

/**
 * A `GrantStore` in PostgreSQL: one row per (app, scope) holding `granted`
 * or `denied`.
 *
 * - No cache: every `get` reads the row, so a grant written through one
 *   host is what every other host decides with on its next call.
 * - `set` is one `INSERT … ON CONFLICT DO UPDATE`: two hosts answering
 *   consent for the same scope at once end in one row holding one of the
 *   two answers (the later commit), never an error.
 * - Only `consentAnswer` writes (`set`) and `revokeGrant` deletes, as for
 *   every grant store.
 */
export class PostgresGrantStore implements GrantStore {
  readonly #db: PostgresDatabase;

  constructor(db: PostgresDatabase) {
    this.#db = db;
  }

  /** The stored answer of `app` for `scope`, or `undefined` when undecided. */
  async get(app: string, scope: string): Promise<Grant | undefined> {
    checkKey('app', app);
    checkKey('scope', scope);
    const n = this.#db.names;
    const result = await this.#db.query<{ grant: Grant }>('read a grant', `SELECT "grant" FROM ${n.grants} WHERE app_id = $1 AND scope = $2`, [app, scope]);
    return result.rows[0]?.grant;
  }

  /** Stores `grant` for `app` and `scope`; resolves once committed. */
  async set(app: string, scope: string, grant: Grant): Promise<void> {
    checkKey('app', app);
    checkKey('scope', scope);
    const answer: unknown = grant; // from any caller, JavaScript included
    if (answer !== 'granted' && answer !== 'denied')
      throw new TypeError(
        `PostgresGrantStore.set: grant must be "granted" or "denied", got ${(JSON.stringify(answer) as string | undefined) ?? String(answer)}`,
      );
    const n = this.#db.names;
    await this.#db.query(
      'store a grant',
      `INSERT INTO ${n.grants} (app_id, scope, "grant") VALUES ($1, $2, $3)
       ON CONFLICT (app_id, scope) DO UPDATE SET "grant" = EXCLUDED."grant", updated_at = now()`,
      [app, scope, grant],
    );
  }

  /** Forgets the answer of `app` for `scope` (undecided again). */
  async delete(app: string, scope: string): Promise<void> {
    checkKey('app', app);
    checkKey('scope', scope);
    const n = this.#db.names;
    await this.#db.query('delete a grant', `DELETE FROM ${n.grants} WHERE app_id = $1 AND scope = $2`, [app, scope]);
  }

  /** Every stored grant (app → scope → answer), sorted by app and scope (for `xcap grants`). */
  async all(): Promise<Record<string, Record<string, Grant>>> {
    const n = this.#db.names;
    const result = await this.#db.query<{ app_id: string; scope: string; grant: Grant }>(
      'read the grants',
      `SELECT app_id, scope, "grant" FROM ${n.grants} ORDER BY app_id, scope`,
    );
    const out = Object.create(null) as Record<string, Record<string, Grant>>;
    for (const row of result.rows) {
      const scopes = out[row.app_id] ?? (Object.create(null) as Record<string, Grant>);
      scopes[row.scope] = row.grant;
      out[row.app_id] = scopes;
    }
    return out;
  }

  /** The grants of one app as a scope → answer record (empty when it has none). */
  async grantsOf(app: string): Promise<Record<string, Grant>> {
    checkKey('app', app);
    const n = this.#db.names;
    const result = await this.#db.query<{ scope: string; grant: Grant }>(
      'read the grants of an app',
      `SELECT scope, "grant" FROM ${n.grants} WHERE app_id = $1 ORDER BY scope`,
      [app],
    );
    const out = Object.create(null) as Record<string, Grant>;
    for (const row of result.rows) out[row.scope] = row.grant;
    return out;
  }
}

function checkKey(what: string, value: unknown): asserts value is string {
  if (typeof value !== 'string' || value === '')
    throw new TypeError(`PostgresGrantStore: ${what} must be a non-empty string, got ${typeof value === 'string' ? '""' : typeof value}`);
}
