import { createHash } from 'node:crypto';
import type { TableNames } from './table-names.js';

/** The largest request or answer a console relay row holds, in bytes of JSON text. */
export const maxConsolePayloadBytes = 256 * 1024;

/** The quoted names of the console relay's tables and its LISTEN/NOTIFY channel, in the schema and prefix of `names`. */
export interface ConsoleTables {
  /** The one row of the running console: its id, its address (no secret) and when it last said it runs. */
  readonly presence: string;
  /** The requests hosts hand to the console, and the console's answers, until the host takes them. */
  readonly requests: string;
  /** The channel both sides LISTEN on (a name of at most 63 bytes, from the schema and prefix). */
  readonly channel: string;
}

/** The console relay's names for the store's `names`. */
export function consoleTables(names: TableNames): ConsoleTables {
  const table = (name: string) => `${names.schema}."${names.prefix}${name}"`;
  const digest = createHash('sha256').update(`${names.schemaName}.${names.prefix}`).digest('hex').slice(0, 24);
  return { presence: table('console_presence'), requests: table('console_requests'), channel: `"xcap_console_${digest}"` };
}

/** The migration that adds the console relay's tables (schema version 4 → 5). */
export function consoleTablesMigration(names: TableNames): string {
  const t = consoleTables(names);
  return `
    CREATE TABLE ${t.presence} (
      only_one boolean PRIMARY KEY DEFAULT true CHECK (only_one),
      console_id text NOT NULL CHECK (length(console_id) <= 64),
      url text NOT NULL CHECK (length(url) <= 200),
      seen_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE ${t.requests} (
      host_id text NOT NULL CHECK (length(host_id) <= 64),
      request_id bigint NOT NULL CHECK (request_id >= 0),
      body text NOT NULL CHECK (octet_length(body) <= ${maxConsolePayloadBytes}),
      deadline timestamptz,
      detached boolean NOT NULL DEFAULT false,
      answered boolean NOT NULL DEFAULT false,
      answer text CHECK (answer IS NULL OR octet_length(answer) <= ${maxConsolePayloadBytes}),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (host_id, request_id)
    );
  `;
}
