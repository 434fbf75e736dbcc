/** What a schema name or table prefix may be: lower-case letters, digits and `_`, starting with a letter or `_` (so it never needs quoting rules beyond double quotes). */
export const identifierPattern = /^[a-z_][a-z0-9_]*$/;

/** The longest schema name (PostgreSQL's identifiers hold 63 bytes). */
const maxSchemaLength = 63;

/** The longest table prefix (the longest name it starts, `<prefix>schema_versions`, must stay within 63 bytes). */
export const maxPrefixLength = 40;

/** The quoted, schema-qualified names of the store's tables, and the bare names its indexes are built from. */
export interface TableNames {
  /** The schema, quoted. */
  readonly schema: string;
  /** The bare schema name. */
  readonly schemaName: string;
  /** The bare prefix. */
  readonly prefix: string;
  readonly versions: string;
  readonly grants: string;
  readonly files: string;
  readonly audit: string;
  readonly tokens: string;
  /** Keys every host of the database shares (e.g. the consent state's HMAC key). */
  readonly secrets: string;
  /** The nonces of answered consent states, kept until they expire (`PostgresConsentNonceStore`). */
  readonly consentNonces: string;
  /** A name in the schema, `<prefix><name>`, quoted (unqualified: for indexes). */
  index(name: string): string;
}

/** The table names for `schema` and `prefix`; a `TypeError` names an invalid one. */
export function tableNames(schema: string, prefix: string): TableNames {
  if (typeof schema !== 'string' || !identifierPattern.test(schema) || schema.length > maxSchemaLength || schema.startsWith('pg_')) {
    throw new TypeError(`schema must be 1 to ${maxSchemaLength} of a-z 0-9 _, starting with a letter or _, and not pg_…; got ${JSON.stringify(schema)}`);
  }
  if (typeof prefix !== 'string' || (prefix !== '' && !identifierPattern.test(prefix)) || prefix.length > maxPrefixLength) {
    throw new TypeError(`tablePrefix must be empty or up to ${maxPrefixLength} of a-z 0-9 _, starting with a letter or _; got ${JSON.stringify(prefix)}`);
  }
  const q = `"${schema}"`;
  const table = (name: string) => `${q}."${prefix}${name}"`;
  return {
    schema: q,
    schemaName: schema,
    prefix,
    versions: table('schema_versions'),
    grants: table('grants'),
    files: table('files'),
    audit: table('audit'),
    tokens: table('tokens'),
    secrets: table('secrets'),
    consentNonces: table('consent_nonces'),
    index: (name) => `"${prefix}${name}"`,
  };
}
