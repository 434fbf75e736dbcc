import { boundedFetch, type FetchBounds } from './bounded-fetch.js';
import { isLoopbackHostname } from './loopback.js';

/** The discovery URLs of `issuer`, in the order MCP authorization asks them: RFC 8414, then OpenID Connect Discovery. */
function discoveryUrls(issuer: string): string[] {
  const url = new URL(issuer);
  const path = url.pathname.replace(/\/$/, '');
  return [
    `${url.origin}/.well-known/oauth-authorization-server${path}`,
    `${url.origin}/.well-known/openid-configuration${path}`,
    `${url.origin}${path}/.well-known/openid-configuration`,
  ].filter((each, index, all) => all.indexOf(each) === index);
}

/**
 * The `jwks_uri` of `issuer`, from its metadata: RFC 8414
 * `/.well-known/oauth-authorization-server`, else OpenID Connect Discovery
 * (path inserted, then appended). A document whose `issuer` is not exactly
 * `issuer` is refused (RFC 8414 §3.3), and so is a `jwks_uri` that is
 * neither https nor http on loopback. Throws, naming each URL tried, when
 * none answers a usable document.
 */
export async function discoverJwksUri(issuer: string, bounds: FetchBounds): Promise<string> {
  const failures: string[] = [];
  for (const url of discoveryUrls(issuer)) {
    let document: unknown;
    try {
      document = await (await boundedFetch(url, bounds)).json();
    } catch (error) {
      failures.push((error as Error).message);
      continue;
    }
    const fields = typeof document === 'object' && document !== null ? (document as Record<string, unknown>) : {};
    if (fields['issuer'] !== issuer) {
      failures.push(`${url}: its issuer is ${JSON.stringify(fields['issuer'])}, not ${JSON.stringify(issuer)}`);
      continue;
    }
    const jwks = fields['jwks_uri'];
    const parsed = typeof jwks === 'string' && URL.canParse(jwks) ? new URL(jwks) : undefined;
    if (parsed === undefined || !(parsed.protocol === 'https:' || (parsed.protocol === 'http:' && isLoopbackHostname(parsed.hostname)))) {
      failures.push(`${url}: no usable jwks_uri (${JSON.stringify(jwks)})`);
      continue;
    }
    return parsed.href;
  }
  throw new Error(`the metadata of issuer ${issuer} could not be discovered: ${failures.join('; ')}`);
}
