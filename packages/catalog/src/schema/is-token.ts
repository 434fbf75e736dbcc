/** The `token` format (clarification 10): 1 to 64 of `[A-Za-z0-9._-]`. */
export function isToken(s: string): boolean {
  const n = s.length;
  if (n < 1 || n > 64) return false;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    const ok =
      (c >= 0x61 && c <= 0x7a) || // a-z
      (c >= 0x41 && c <= 0x5a) || // A-Z
      (c >= 0x30 && c <= 0x39) || // 0-9
      c === 0x2e || // .
      c === 0x5f || // _
      c === 0x2d; // -
    if (!ok) return false;
  }
  return true;
}
