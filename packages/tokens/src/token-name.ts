/** What a token name may be: 1 to 64 of `A-Z a-z 0-9 . _ -`, starting with a letter or digit. */
export const tokenNamePattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** True when `name` matches `tokenNamePattern`. */
export function isTokenName(name: unknown): name is string {
  return typeof name === 'string' && tokenNamePattern.test(name);
}
