import { isTokenName, tokenNameRule } from '@xcap/tokens';
import { TokenFileError } from './token-file-error.js';

/** One stored token: the SHA-256 of the token (never the token) and when it was added. */
export interface StoredToken {
  /** The base64url SHA-256 digest of the token's UTF-8 bytes (43 characters). */
  readonly sha256: string;
  /** When it was added (ISO 8601). */
  readonly created: string;
}

/** The token file's document: `{"version": 1, "tokens": {"<name>": StoredToken}}`. */
export interface TokenFile {
  /** Always 1. */
  readonly version: 1;
  /** The tokens by name. */
  readonly tokens: Record<string, StoredToken>;
}

const digestPattern = /^[A-Za-z0-9_-]{43}$/;

/** Parses a token file's text; a `TokenFileError` names the file and the JSON pointer of the first problem. */
export function parseTokenFile(file: string, text: string): TokenFile {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new TokenFileError(file, '', `is not JSON (${(error as Error).message})`);
  }
  if (!isRecord(document)) throw new TokenFileError(file, '', 'is not a JSON object {"version": 1, "tokens": {…}}');
  if (document['version'] !== 1)
    throw new TokenFileError(file, '/version', `must be 1, got ${(JSON.stringify(document['version']) as string | undefined) ?? 'nothing'}`);
  const tokens = document['tokens'];
  if (!isRecord(tokens)) throw new TokenFileError(file, '/tokens', 'must be an object of name → {"sha256", "created"}');
  const parsed: Record<string, StoredToken> = Object.create(null) as Record<string, StoredToken>;
  for (const [name, entry] of Object.entries(tokens)) {
    const pointer = `/tokens/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    if (!isTokenName(name)) throw new TokenFileError(file, pointer, `is not a token name (${tokenNameRule})`);
    if (!isRecord(entry)) throw new TokenFileError(file, pointer, 'must be an object {"sha256", "created"}');
    const { sha256, created } = entry;
    if (typeof sha256 !== 'string' || !digestPattern.test(sha256))
      throw new TokenFileError(file, `${pointer}/sha256`, 'must be a base64url SHA-256 digest (43 characters)');
    if (typeof created !== 'string' || Number.isNaN(Date.parse(created))) throw new TokenFileError(file, `${pointer}/created`, 'must be an ISO 8601 time');
    parsed[name] = { sha256, created };
  }
  return { version: 1, tokens: parsed };
}

/** The token file's text (names sorted, two-space indents, a final newline). */
export function formatTokenFile(tokens: Readonly<Record<string, StoredToken>>): string {
  const sorted = Object.fromEntries(
    Object.keys(tokens)
      .sort()
      .map((name) => [name, tokens[name]]),
  );
  return `${JSON.stringify({ version: 1, tokens: sorted }, null, 2)}\n`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
