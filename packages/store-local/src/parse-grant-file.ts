import type { Grant } from '@xcap/catalog';
import { GrantFileError } from './grant-file-error.js';
import { pointerAppend } from '@xcap/catalog/core';

/** Every stored grant: app id → scope → answer (consent.json's shape). */
export type GrantFile = Record<string, Record<string, Grant>>;

/**
 * Parses and checks the text of a grant file: JSON whose top level is an
 * object of objects whose values are `"granted"` or `"denied"`. Anything
 * else is a `GrantFileError` naming `file` and the JSON pointer. Keys such as
 * `__proto__` are kept as plain keys (the answer's objects have no
 * prototype).
 */
export function parseGrantFile(file: string, text: string): GrantFile {
  if (text.trim() === '') throw new GrantFileError(file, '', 'is empty (expected a JSON object such as {})');
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    throw new GrantFileError(file, '', `is not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!isPlainObject(doc)) throw new GrantFileError(file, '', `must be an object of app ids, got ${kind(doc)}`);
  const grants: GrantFile = Object.create(null) as GrantFile;
  for (const [app, scopes] of Object.entries(doc)) {
    if (app === '') throw new GrantFileError(file, pointerAppend('', app), 'is an empty app id');
    if (!isPlainObject(scopes)) throw new GrantFileError(file, pointerAppend('', app), `must be an object of scopes, got ${kind(scopes)}`);
    const appGrants: Record<string, Grant> = Object.create(null) as Record<string, Grant>;
    for (const [scope, grant] of Object.entries(scopes)) {
      if (scope === '') throw new GrantFileError(file, pointerAppend(pointerAppend('', app), scope), 'is an empty scope');
      if (grant !== 'granted' && grant !== 'denied') {
        throw new GrantFileError(
          file,
          pointerAppend(pointerAppend('', app), scope),
          `must be "granted" or "denied", got ${typeof grant === 'string' ? JSON.stringify(grant) : kind(grant)}`,
        );
      }
      appGrants[scope] = grant;
    }
    grants[app] = appGrants;
  }
  return grants;
}

/** The grant file's text for `grants`: pretty JSON, apps and scopes in their stored order, apps without grants left out. */
export function formatGrantFile(grants: GrantFile): string {
  const out: Record<string, Record<string, Grant>> = {};
  for (const [app, scopes] of Object.entries(grants)) {
    if (Object.keys(scopes).length === 0) continue;
    Object.defineProperty(out, app, { value: scopes, enumerable: true, writable: true, configurable: true });
  }
  return `${JSON.stringify(out, null, 2)}\n`;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function kind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${JSON.stringify(value)}`;
}
