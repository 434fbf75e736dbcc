import { isTokenName } from './token-name.js';
import { tokenNameRule } from './token-name-rule.js';

/**
 * Asserts that `name` is a token name (`tokenNamePattern`), as every store's
 * `add` does before it stores anything: else a `TypeError`
 * `"<name>" is not a token name (<tokenNameRule>)`.
 */
export function checkTokenName(name: unknown): asserts name is string {
  if (!isTokenName(name)) throw new TypeError(`${(JSON.stringify(name) as string | undefined) ?? String(name)} is not a token name (${tokenNameRule})`);
}
