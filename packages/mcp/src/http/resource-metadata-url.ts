/** The well-known path prefix of RFC 9728. */
const resourceMetadataPath = '/.well-known/oauth-protected-resource';

/**
 * The Protected Resource Metadata URL of `resource` (RFC 9728 §3.1): the
 * well-known path inserted between its origin and its path, e.g.
 * `https://x.example/mcp` → `https://x.example/.well-known/oauth-protected-resource/mcp`.
 */
export function resourceMetadataUrl(resource: string): string {
  const url = new URL(resource);
  const path = url.pathname === '/' ? '' : url.pathname.replace(/\/$/, '');
  return `${url.origin}${resourceMetadataPath}${path}`;
}
