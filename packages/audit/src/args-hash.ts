import { hash } from 'node:crypto';
import { canonicalJson } from './canonical-json.js';

/**
 * The audit hash of a call's arguments as received (clarification 2):
 * `sha256:` + lowercase hex SHA-256 of the UTF-8 bytes of their RFC 8785
 * canonical JSON; absent (`undefined` or `null`) arguments count as `{}`.
 * A string with a lone surrogate (valid JSON text, so an agent can send it)
 * is hashed with the surrogate escaped as `\udxxx` rather than refused: the
 * audit must hash whatever arrived. Arguments that are not JSON data at all
 * (functions, cycles, …; no JSON transport carries them) throw
 * `canonicalJson`'s TypeError.
 */
export function argsHash(args: unknown): string {
  return `sha256:${hash('sha256', canonicalJson(args ?? {}, { loneSurrogates: 'escape' }), 'hex')}`;
}
