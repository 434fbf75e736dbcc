/** Escapes one object key as an RFC 6901 reference token (`~` → `~0`, `/` → `~1`). */
export function pointerToken(key: string): string {
  if (key.indexOf('~') === -1 && key.indexOf('/') === -1) return key;
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}
