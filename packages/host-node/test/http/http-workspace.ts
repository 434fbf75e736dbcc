import { request as httpRequest, type ClientRequest, type OutgoingHttpHeaders, type RequestOptions } from 'node:http';
import { rm } from 'node:fs/promises';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { argsHash } from '@xcap/audit';
import type { StoredAuditRow } from '@xcap/audit';
import { dataPaths, SqliteAuditSink } from '@xcap/store-local';
import { workspace } from '../e2e/xcap-process.js';

/** A temp folder with a data directory, a photos folder (three PNGs) and a manifest asking photos.read and print.pdf. */
export interface HttpWorkspace {
  readonly root: string;
  readonly data: string;
  readonly photos: string;
  readonly manifest: string;
  /** Removes the folder. */
  remove(): Promise<void>;
}

/** The manifest served. */
export const httpManifest = {
  id: 'acme.album',
  screens: ['albums'],
  capabilities: [
    { id: 'photos.read', why: 'Pick the photos for your album.' },
    { id: 'print.pdf', why: 'Lay your album out as a PDF.' },
  ],
};

/** Makes a workspace under the OS temp folder (the end-to-end tests' `workspace`, serving `httpManifest`). */
export async function httpWorkspace(): Promise<HttpWorkspace> {
  const ws = await workspace(httpManifest, 'xcap-http-');
  return { ...ws, remove: () => rm(ws.root, { recursive: true, force: true }) };
}

/** Connects the official v2 client to `url` with a bearer token: the default `initialize` handshake (`legacy`) or pinned to 2026-07-28 (`modern`). */
export async function httpAgent(
  url: string,
  token: string,
  era: 'legacy' | 'modern',
  elicit?: (message: string) => { action: 'accept' | 'decline' | 'cancel'; content?: Record<string, string> },
): Promise<Client> {
  const client = new Client(
    { name: `http-${era}`, version: '1.0.0' },
    {
      ...(era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' as const } } } : {}),
      ...(elicit === undefined ? {} : { capabilities: { elicitation: { form: {} } } }),
    },
  );
  if (elicit !== undefined) client.setRequestHandler('elicitation/create', (request) => elicit(request.params.message));
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
  return client;
}

/** Every audit row in the data directory (read-only). */
export function auditRows(data: string): StoredAuditRow[] {
  const sink = new SqliteAuditSink(dataPaths(data).audit, { readonly: true });
  try {
    return sink.query({ limit: 100_000 });
  } finally {
    sink.close();
  }
}

/** The `argsHash` the audit log keeps for `args`. */
export function hashOf(args: unknown): string {
  return argsHash(args);
}

/** The headers of a 2025-11-25 MCP POST besides `host` and `authorization`: a JSON body, JSON or an event stream back. */
export const mcpPostHeaders = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2025-11-25',
} as const;

/**
 * Sends a tools/list POST (2025-11-25) to `/mcp` on 127.0.0.1:`port` over raw `node:http`: `headers` (host,
 * authorization, …) then `mcpPostHeaders`; `options` may add an agent and a timeout. Returns the request, already
 * ended: the caller listens for its `response`, `error` or `timeout`.
 */
export function rawMcpPost(port: number, headers: OutgoingHttpHeaders, options: Pick<RequestOptions, 'agent' | 'timeout'> = {}): ClientRequest {
  const request = httpRequest({ host: '127.0.0.1', port, path: '/mcp', method: 'POST', ...options, headers: { ...headers, ...mcpPostHeaders } });
  request.end(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }));
  return request;
}

/** `xcap serve`'s arguments serving `ws`: its manifest, data directory and photos folder. */
export function workspaceArgs(ws: HttpWorkspace): string[] {
  return ['--manifest', ws.manifest, '--data', ws.data, '--photos', ws.photos];
}
