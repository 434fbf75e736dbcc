/**
 * Origin handling for `origins` scopes (clarification 11): a manifest origin
 * is exactly `https://host[:port]`; a call's `url` is compared by its WHATWG
 * origin with the manifest's origins normalised the same way.
 */
import { maxUriLength } from '@xcap/catalog';

/** The longest URL, in UTF-16 code units, that is ever parsed (clarification 20; the `uri` format's `maxUriLength`); a longer one is no URL. */
export const maxUrlLength: number = maxUriLength;

/** `https://host[:port]`: no userinfo, path, slash, query or fragment; a bracketed IPv6 host allowed. */
const exactOriginShape = /^https:\/\/(?:\[[0-9A-Fa-f:.]+\]|[^\x00-\x20\x7f/?#@:\\[\]%]+)(?::[0-9]{1,5})?$/i;

/**
 * The normalised origin (`https://api.example.com`) of a manifest origin
 * string, or `null` when it is not an exact https origin (or is longer than
 * `maxUrlLength`, which no origin is). Scheme and host are
 * lowercased (IDN hosts become punycode) and `:443` is dropped, so
 * `HTTPS://API.Example.com:443` and `https://api.example.com` normalise alike.
 */
export function normaliseManifestOrigin(origin: unknown): string | null {
  if (typeof origin !== 'string' || origin.length > maxUrlLength || !exactOriginShape.test(origin)) return null;
  const url = parseUrl(origin);
  if (url === null || url.protocol !== 'https:' || url.hostname === '') return null;
  return url.origin;
}

/**
 * The WHATWG origin of a call's `url`, or `null` when it is not a string,
 * longer than `maxUrlLength` UTF-16 code units (never parsed: clarification
 * 20), not a URL, or not http/https. Userinfo, path, query and fragment are ignored;
 * scheme and host lowercased; the default port dropped.
 */
export function callUrlOrigin(url: unknown): string | null {
  if (typeof url !== 'string' || url.length > maxUrlLength) return null;
  const fast = plainUrlOrigin(url);
  if (fast !== undefined) return fast;
  const parsed = parseUrl(url);
  if (parsed === null || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) return null;
  return parsed.origin;
}

/**
 * A lowercase `http(s)://name.name[:port]` followed by `/`, `?`, `#` or the
 * end, with letters, digits and `-` only: the common case whose WHATWG origin
 * is the text itself (minus a default or zero-padded port). Hosts WHATWG
 * would rewrite — a numeric or hex last label (IPv4 forms), `xn--` labels
 * (punycode checks) — and everything else take the full parser.
 */
const plainUrl = /^(https?):\/\/([a-z0-9-]+(?:\.[a-z0-9-]+)*)(?::([0-9]{1,5}))?(?=[/?#]|$)/;
const numericLabel = /(?:^|\.)(?:[0-9]+|0x[0-9a-f]*)$/;

/** The origin of a plain URL without running the WHATWG parser, or `undefined` to say "use the parser". */
function plainUrlOrigin(url: string): string | undefined {
  const match = plainUrl.exec(url);
  if (match === null) return undefined;
  const scheme = match[1] as string;
  const host = match[2] as string;
  if (numericLabel.test(host) || host.startsWith('xn--') || host.includes('.xn--')) return undefined;
  const portText = match[3];
  if (portText === undefined) return `${scheme}://${host}`;
  const port = Number(portText);
  if (port > 65535) return undefined;
  return port === (scheme === 'https' ? 443 : 80) ? `${scheme}://${host}` : `${scheme}://${host}:${port}`;
}

function parseUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}
