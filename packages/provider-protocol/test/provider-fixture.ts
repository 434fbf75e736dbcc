import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoryBlobStore, bridgeCall, type BridgeCallEnd } from '@xcap/bridge';
import { catalog, type JsonObject } from '@xcap/catalog';
import { resolveNative } from '@xcap/call';
import { spawnProviders, type SpawnProvidersOptions, type SpawnedProviders } from '../src/index.js';
import { nodeProviderPath } from '@xcap/test-support';

/** The reference Node provider the tests spawn (plain JS: `node node-provider.mjs [flags]`). */
export const nodeProvider = nodeProviderPath;

/** The argv of the Node provider with `flags`. */
export function providerArgv(...flags: string[]): string[] {
  return [process.execPath, nodeProvider, ...flags];
}

/** Everything started by a test, stopped in afterEach. */
export class Started {
  readonly #providers: SpawnedProviders[] = [];
  readonly #dirs: string[] = [];
  /** Log lines of every provider started. */
  readonly log: string[] = [];

  /** `spawnProviders` with a short timeout and grace period, logging into `log`. */
  async spawn(commands: Parameters<typeof spawnProviders>[0], options: SpawnProvidersOptions = {}): Promise<SpawnedProviders> {
    const spawned = await spawnProviders(commands, { timeoutMs: 1_000, graceMs: 300, log: (line) => this.log.push(line), ...options });
    this.#providers.push(spawned);
    return spawned;
  }

  /** A temporary folder removed in `stop`. */
  async dir(): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), 'xcap-provider-'));
    this.#dirs.push(dir);
    return dir;
  }

  /** Stops every provider, removes every folder. */
  async stop(): Promise<void> {
    await Promise.all(this.#providers.splice(0).map((p) => p.close()));
    await Promise.all(this.#dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
  }
}

/** One call through the real bridge to the spawned natives. */
export function bridge(spawned: SpawnedProviders, tool: string, args: JsonObject, timeoutMs = 1_000): Promise<BridgeCallEnd> {
  const at = tool.indexOf('_');
  const native = resolveNative(spawned.providers, tool.slice(0, at), tool.slice(at + 1));
  return bridgeCall({
    catalog,
    tool,
    arguments: args,
    context: { app: 'acme.album', screens: ['albums'] },
    blobs: new MemoryBlobStore(),
    timeoutMs,
    ...(native === undefined ? {} : { native }),
  });
}

/** Whether a process is alive. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Waits until `check` is true, polling every 20 ms, at most `ms`; answers whether it became true. */
export async function until(check: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return check();
}
