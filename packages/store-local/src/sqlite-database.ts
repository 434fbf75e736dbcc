import { createRequire } from 'node:module';
import type Sqlite from 'better-sqlite3';

let loaded: typeof Sqlite | undefined;

/**
 * better-sqlite3's `Database` class, loaded at its first use rather than
 * when this package is imported: a process that imports `@xcap/store-local`
 * (`xcap serve` does, for the data directory's paths) loads better-sqlite3's
 * JavaScript only when it opens a database (its native addon loads at the
 * first `new Database` in any case). Resolved from this module's own
 * location, as an `import` of it would be.
 */
export function sqliteDatabase(): typeof Sqlite {
  return (loaded ??= createRequire(import.meta.url)('better-sqlite3') as typeof Sqlite);
}
