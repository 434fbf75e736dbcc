import { consoleTablesMigration } from './postgres-console-tables.js';
import type { TableNames } from './table-names.js';

/**
 * The schema's migrations, in order: step `i` takes the database from
 * version `i` to `i + 1` (recorded in `<prefix>schema_versions`). A later
 * version appends a step and never edits an old one.
 */
export const postgresMigrations: readonly ((names: TableNames) => string)[] = [
  (n) => `
    CREATE TABLE ${n.grants} (
      app_id text NOT NULL,
      scope text NOT NULL,
      "grant" text NOT NULL CHECK ("grant" IN ('granted', 'denied')),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (app_id, scope)
    );
    CREATE TABLE ${n.files} (
      app_id text NOT NULL,
      file_id text NOT NULL CHECK (file_id ~ '^f-[0-9a-f]{32}$'),
      name text NOT NULL,
      mime_type text NOT NULL,
      size bigint NOT NULL CHECK (size >= 0),
      meta_bytes integer NOT NULL CHECK (meta_bytes >= 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      bytes bytea NOT NULL,
      PRIMARY KEY (app_id, file_id)
    );
    CREATE TABLE ${n.audit} (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      at timestamptz NOT NULL,
      app_id text NOT NULL,
      client_id text NOT NULL,
      tool text NOT NULL,
      status text NOT NULL CHECK (status IN ('ok', 'failed', 'invalid', 'upstream', 'denied')),
      error text,
      args_hash text NOT NULL,
      duration_ms double precision,
      host text
    );
    CREATE INDEX ${n.index('audit_app')} ON ${n.audit} (app_id);
    CREATE INDEX ${n.index('audit_tool')} ON ${n.audit} (tool);
    CREATE INDEX ${n.index('audit_status')} ON ${n.audit} (status);
    CREATE INDEX ${n.index('audit_at')} ON ${n.audit} (at);
    CREATE TABLE ${n.tokens} (
      name text PRIMARY KEY,
      sha256 text NOT NULL CHECK (sha256 ~ '^[A-Za-z0-9_-]{43}$'),
      created timestamptz NOT NULL DEFAULT now()
    );
  `,
  (n) => `
    CREATE TABLE ${n.secrets} (
      name text PRIMARY KEY,
      value bytea NOT NULL CHECK (octet_length(value) >= 32),
      created timestamptz NOT NULL DEFAULT now()
    );
  `,
  // 2 → 3: the consent states already answered, each kept until its state expires (issue 23).
  (n) => `
    CREATE TABLE ${n.consentNonces} (
      nonce text PRIMARY KEY CHECK (nonce ~ '^[A-Za-z0-9_-]{16,128}$'),
      expires_at bigint NOT NULL
    );
    CREATE INDEX ${n.index('consent_nonces_expires_at')} ON ${n.consentNonces} (expires_at);
  `,
  // 3 → 4: which audit rows were replayed from a host's spill file (issue 23); false for every row before and since.
  (n) => `
    ALTER TABLE ${n.audit} ADD COLUMN replayed boolean NOT NULL DEFAULT false;
  `,
  // 4 → 5: the console relay (issue 32): the running console's presence, the requests hosts hand it and its answers.
  consoleTablesMigration,
];

/** The schema version this package writes. */
export const postgresSchemaVersion = postgresMigrations.length;
