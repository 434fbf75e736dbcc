import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, type ElicitResult } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { decodeBase64 } from '@xcap/bridge';
import { samplePhotos } from '@xcap/host-testing';
import { childEnd, ensureFreshBuild, xcapBundle } from '@xcap/test-support';

/** The committed launcher; it runs the built CLI (the bundle dist/cli-bundle/main.js), built fresh by requireBuilt. */
export const xcapBin = fileURLToPath(new URL('../../bin/xcap.js', import.meta.url));

/** Makes sure the `xcap` bundle is built from the current sources of every module it holds (rebuilds it once when stale, else fails naming the stale file). */
export function requireBuilt(): void {
  ensureFreshBuild(xcapBundle);
}

/** What one `xcap …` run printed and its exit code. */
export interface XcapRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `xcap <args>` as a child process and collects its output. */
export async function runXcap(args: readonly string[], env: Readonly<Record<string, string>> = {}): Promise<XcapRun> {
  const { code, stdout, stderr } = await childEnd(
    spawn(process.execPath, [xcapBin, ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  return { code, stdout, stderr };
}

/** A fresh folder with a data dir, a photos folder (three real PNGs, distinct mtimes) and a manifest file. */
export interface Workspace {
  readonly root: string;
  readonly data: string;
  readonly photos: string;
  readonly manifest: string;
}

/** The manifest the end-to-end tests serve: photos (ask) and print (picker). */
export const e2eManifest = {
  id: 'acme.album',
  screens: ['albums', 'page'],
  capabilities: [
    { id: 'photos.read', why: 'Pick the photos for your album.' },
    { id: 'print.pdf', why: 'Lay your album out as a PDF.' },
  ],
};

/** Creates a workspace under the system temp folder (`prefix` + random), serving `manifest` (default `e2eManifest`). */
export async function workspace(manifestDoc: object = e2eManifest, prefix = 'xcap-e2e-'): Promise<Workspace> {
  const root = await mkdtemp(join(tmpdir(), prefix));
  const data = join(root, 'data');
  const photos = join(root, 'photos');
  await mkdir(photos);
  for (const [i, photo] of samplePhotos().entries()) {
    const file = join(photos, photo.name);
    await writeFile(file, decodeBase64(photo.data) ?? new Uint8Array());
    const time = new Date(Date.UTC(2026, 6, 14 + i, 12));
    await utimes(file, time, time);
  }
  const manifest = join(root, 'app.json');
  await writeFile(manifest, JSON.stringify(manifestDoc));
  return { root, data, photos, manifest };
}

/** A connected agent: the official SDK client talking to `xcap serve` over stdio. */
export interface Agent {
  readonly client: Client;
  readonly transport: StdioClientTransport;
  /** The run id `xcap serve` printed on stderr. */
  readonly runId: string;
  /** Everything `xcap serve` wrote to stderr so far. */
  stderr(): string;
  /** Elicitation requests the client received. */
  readonly elicited: string[];
}

/** Spawns `xcap serve <args>` and connects the official v2 client: the default `initialize` handshake (`legacy`) or pinned to 2026-07-28 (`modern`); `elicit` answers elicitation (declaring the capability); `env` adds to the child's environment. */
export async function connectAgent(
  args: readonly string[],
  options: { elicit?: () => ElicitResult; era?: 'legacy' | 'modern'; env?: Readonly<Record<string, string>> } = {},
): Promise<Agent> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [xcapBin, 'serve', ...args],
    stderr: 'pipe',
    env: { NODE_OPTIONS: '', ...options.env },
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client(
    { name: 'e2e-agent', version: '1.0.0' },
    {
      ...(options.elicit === undefined ? {} : { capabilities: { elicitation: { form: {} } } }),
      ...(options.era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' as const } } } : {}),
    },
  );
  const elicited: string[] = [];
  const answer = options.elicit;
  if (answer !== undefined) {
    client.setRequestHandler('elicitation/create', (request) => {
      elicited.push(request.params.message);
      return answer();
    });
  }
  await client.connect(transport);
  await client.listTools();
  const deadline = Date.now() + 10_000;
  while (!/ run (run-\S+),/.test(stderr) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  const runId = / run (run-\S+),/.exec(stderr)?.[1];
  if (runId === undefined) throw new Error(`xcap serve printed no run id: ${stderr}`);
  return { client, transport, runId, stderr: () => stderr, elicited };
}
