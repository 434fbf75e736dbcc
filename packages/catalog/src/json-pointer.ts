/**
 * Appends one reference token to a JSON pointer (RFC 6901: `~` → `~0`,
 * `/` → `~1`). The root pointer is `/`, so `pointerAppend('/', 'a')` is `/a`.
 */
export function pointerAppend(pointer: string, token: string | number): string {
  const escaped = typeof token === 'number' ? String(token) : token.replace(/~/g, '~0').replace(/\//g, '~1');
  return pointer === '/' ? `/${escaped}` : `${pointer}/${escaped}`;
}
