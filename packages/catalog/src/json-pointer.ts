import { pointerToken } from './schema/pointer-token.js';

/**
 * Appends one reference token to a JSON pointer (RFC 6901: `~` → `~0`,
 * `/` → `~1`). Build pointers from the empty root `''`
 * (`pointerAppend('', 'a')` is `/a`, and an empty key stays distinct:
 * `pointerAppend(pointerAppend('', ''), 'b')` is `//b`); print the root as
 * `/` (see `printPointer`).
 */
export function pointerAppend(pointer: string, token: string | number): string {
  return `${pointer}/${typeof token === 'number' ? String(token) : pointerToken(token)}`;
}

/** A pointer as errors print it: the root (`''`) as `/`, as the spec writes it. */
export function printPointer(pointer: string): string {
  return pointer === '' ? '/' : pointer;
}
