/** 1 for each character of the standard base64 alphabet (`A-Z a-z 0-9 + /`), by char code. */
const alphabet = new Uint8Array(128);
for (let c = 0x41; c <= 0x5a; c++) alphabet[c] = 1;
for (let c = 0x61; c <= 0x7a; c++) alphabet[c] = 1;
for (let c = 0x30; c <= 0x39; c++) alphabet[c] = 1;
alphabet[0x2b] = 1;
alphabet[0x2f] = 1;

/**
 * The `base64` format (clarification 10): the standard alphabet, padded to a
 * multiple of 4 with at most two `=`, no whitespace; `""` is valid.
 */
export function isBase64(s: string): boolean {
  const n = s.length;
  if (n % 4 !== 0) return false;
  if (n === 0) return true;
  let end = n;
  if (s.charCodeAt(n - 1) === 0x3d) end = s.charCodeAt(n - 2) === 0x3d ? n - 2 : n - 1;
  for (let i = 0; i < end; i++) {
    const c = s.charCodeAt(i);
    if (c > 127 || alphabet[c] !== 1) return false;
  }
  return true;
}
