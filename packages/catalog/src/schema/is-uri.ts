/** The longest text, in UTF-16 code units, the `uri` format parses (clarification 20); a longer one fails unparsed. */
export const maxUriLength = 8_192;

/**
 * The `uri` format (clarification 10): an absolute `http`/`https` URL (the
 * scheme in any case, followed by `//`) with a non-empty host that the WHATWG URL parser
 * accepts, containing no ASCII whitespace and no control characters
 * (U+0000–U+001F, U+007F). A text longer than `maxUriLength` UTF-16 code
 * units is refused without being parsed (clarification 20: the URL parser
 * is super-linear on long internationalised hosts).
 */
export function isUri(s: string): boolean {
  const n = s.length;
  if (n > maxUriLength) return false;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c <= 0x20 || c === 0x7f) return false;
  }
  if (!hasHttpScheme(s)) return false;
  let url: URL;
  try {
    url = new URL(s);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}

/**
 * True when `s` starts with `http://` or `https://`, the scheme's letters in
 * any case. An absolute URL names its authority: `https:x`, which WHATWG
 * reads as `https://x/`, is refused, as an RFC 3986 parser on a platform
 * twin would find no host in it.
 */
function hasHttpScheme(s: string): boolean {
  if (s.length < 5) return false;
  const h = s.charCodeAt(0) | 0x20;
  const t1 = s.charCodeAt(1) | 0x20;
  const t2 = s.charCodeAt(2) | 0x20;
  const p = s.charCodeAt(3) | 0x20;
  if (h !== 0x68 || t1 !== 0x74 || t2 !== 0x74 || p !== 0x70) return false;
  let colon = 4;
  if (s.charCodeAt(4) !== 0x3a) {
    if ((s.charCodeAt(4) | 0x20) !== 0x73) return false;
    colon = 5;
  }
  return s.charCodeAt(colon) === 0x3a && s.charCodeAt(colon + 1) === 0x2f && s.charCodeAt(colon + 2) === 0x2f;
}
