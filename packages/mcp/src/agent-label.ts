/** The longest agent name kept, in characters (longer ones end with `…`). */
export const maxAgentNameChars = 100;
/** The longest agent version kept, in characters (longer ones end with `…`). */
export const maxAgentVersionChars = 50;

/**
 * Who calls, for the person: the name and version the client gave
 * (`clientInfo` of `initialize`, or the 2026-07-28 request's client info),
 * each clipped (`maxAgentNameChars`, `maxAgentVersionChars`, cut with `…`;
 * a value that is not a non-empty string is `null`), and how it reached the
 * host (`via`: `token laptop`, `OAuth client … at …`; `null` over stdio).
 */
export function agentLabel(clientInfo: unknown, via: string | null): { name: string | null; version: string | null; via: string | null } {
  const info = typeof clientInfo === 'object' && clientInfo !== null ? (clientInfo as Record<string, unknown>) : {};
  return { name: clipped(info['name'], maxAgentNameChars), version: clipped(info['version'], maxAgentVersionChars), via };
}

/** The agent as one phrase: `Claude Desktop 1.2 (token laptop)`; `An agent` when it gave no name. */
export function agentText(agent: { readonly name: string | null; readonly version: string | null; readonly via: string | null } | null | undefined): string {
  if (agent === null || agent === undefined) return 'An agent';
  const name = agent.name ?? 'An agent';
  const version = agent.version === null ? '' : ` ${agent.version}`;
  return `${name}${version}${agent.via === null ? '' : ` (${agent.via})`}`;
}

/**
 * How an HTTP request reached the host, for the person: `token <name>` for
 * a static token, `OAuth client <client> at <issuer host>` for an OAuth
 * access token (`client` the audit client without its `oauth:` prefix).
 */
export function httpVia(identity: {
  readonly client: string;
  readonly token?: { readonly name: string };
  readonly oauth?: { readonly issuer: string };
}): string {
  if (identity.oauth !== undefined) {
    const client = identity.client.startsWith('oauth:') ? identity.client.slice('oauth:'.length) : identity.client;
    return `OAuth client ${client} at ${hostOf(identity.oauth.issuer)}`;
  }
  return identity.token === undefined ? identity.client : `token ${identity.token.name}`;
}

function hostOf(issuer: string): string {
  try {
    return new URL(issuer).host;
  } catch {
    return issuer;
  }
}

function clipped(value: unknown, max: number): string | null {
  if (typeof value !== 'string' || value === '') return null;
  const chars = Array.from(value);
  return chars.length <= max ? value : `${chars.slice(0, max - 1).join('')}…`;
}
