import { pointerToken } from './schema/pointer-token.js';

/**
 * Appends one reference token to a JSON pointer (RFC 6901: `~` → `~0`,
 * `/` → `~1`). The root pointer is `/`, so `pointerAppend('/', 'a')` is `/a`.
 */
export function pointerAppend(pointer: string, token: string | number): string {
  const escaped = typeof token === 'number' ? String(token) : pointerToken(token);
  return pointer === '/' ? `/${escaped}` : `${pointer}/${escaped}`;
}
