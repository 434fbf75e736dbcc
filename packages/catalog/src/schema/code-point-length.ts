/**
 * The length of a string in Unicode code points, the unit of `minLength` and
 * `maxLength` (clarification 12): a surrogate pair counts once, a lone
 * surrogate counts as one.
 */
export function codePointLength(s: string): number {
  const n = s.length;
  let count = n;
  for (let i = 0; i < n; i++) {
    if ((s.charCodeAt(i) & 0xfc00) === 0xd800 && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      count--;
      i++;
    }
  }
  return count;
}
