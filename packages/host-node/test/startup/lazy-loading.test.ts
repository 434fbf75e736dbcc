import { spawn } from 'node:child_process';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { childEnd, tempDir } from '@xcap/test-support';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { requireBuilt, workspace, xcapBin } from '../e2e/xcap-process.js';
import { bundleUrl, loadedModules, staticClosure } from './loaded-modules.js';

// Child processes on a loaded 2-core machine: the shared 20 s is too short.
vi.setConfig({ testTimeout: 60_000 });

beforeAll(requireBuilt);

/** The `--import` hook that writes every loaded module's URL to $XCAP_LOAD_LOG. */
const recorder = fileURLToPath(new URL('./record-loads.mjs', import.meta.url));

/** What a command must not load, by the path its URL holds (workspace packages are their built packages/<name>/dist/ files, bundled or not). */
const notFor = {
  pg: /\/node_modules\/pg\//,
  '@xcap/store-postgres': /\/packages\/store-postgres\//,
  exifr: /\/node_modules\/exifr\//,
  'the HTTP server (serve-http.js)': /\/packages\/host-node\/dist\/mcp\/serve-http\.js$/,
  'the connection guard': /\/packages\/mcp\/dist\/node\/connection-guard\.js$/,
  '@xcap/mcp/node': /\/packages\/mcp\/dist\/node\.js$/,
  '@modelcontextprotocol/node': /\/node_modules\/@modelcontextprotocol\/node\//,
  'playwright-core': /\/node_modules\/playwright-core\//,
  jose: /\/node_modules\/jose\//,
  '@xcap/pdf': /\/packages\/pdf\//,
  '@xcap/provider-protocol': /\/packages\/provider-protocol\//,
  'the tty consent': /\/packages\/host-node\/dist\/consent\/tty-consent\.js$/,
  'the console': /\/packages\/host-node\/dist\/console\/|\/packages\/console\//,
  'prom-client (--metrics)': /\/node_modules\/prom-client\//,
  'the metrics code': /\/packages\/host-node\/dist\/metrics\//,
} as const;

/** The names of `notFor` whose pattern matches a loaded URL. */
function loadedOf(urls: readonly string[], names: readonly (keyof typeof notFor)[]): string[] {
  return names.filter((name) => urls.some((url) => notFor[name].test(url)));
}

const lines = async (file: string) => (await readFile(file, 'utf8')).split('\n').filter((line) => line !== '');

/** The bundle's entry, which bin/xcap.js runs. */
const bundleMain = new URL('main.js', bundleUrl).href;

describe('xcap loads what a command needs, when it needs it', () => {
  it('xcap serve over stdio (no --store, no --http) has loaded no pg, store-postgres, exifr, HTTP code, pdf, … and no SDK file from node_modules by the first tools/list answer', async () => {
    const ws = await workspace();
    const log = join(ws.root, 'loads.txt');
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--import', recorder, xcapBin, 'serve', '--manifest', ws.manifest, '--data', ws.data, '--photos', ws.photos],
      stderr: 'ignore',
      env: { NODE_OPTIONS: '', XCAP_LOAD_LOG: log },
    });
    const client = new Client({ name: 'lazy-loading', version: '1.0.0' });
    await client.connect(transport);
    const { tools } = await client.listTools();
    const loaded = await lines(log);
    await client.close();
    expect(tools.map((t) => t.name)).toContain('photos__list');
    expect(loaded).toContain(bundleMain);
    const urls = await loadedModules(loaded);
    // The recorder works: it saw the serve command and the SDK server.
    expect(urls.some((url) => url.endsWith('/packages/host-node/dist/cli/serve-command.js'))).toBe(true);
    expect(urls.some((url) => url.includes('/node_modules/@modelcontextprotocol/server/'))).toBe(true);
    expect(loadedOf(urls, Object.keys(notFor) as (keyof typeof notFor)[])).toEqual([]);
    // The SDK's server and zod come from the bundle (scripts/bundle-cli.mjs inlines them): no module file of theirs in
    // node_modules is loaded, where ~120 of them cost ~95 ms before the first answer (docs/benchmarks.md).
    expect(loaded.filter((url) => /\/node_modules\/(@modelcontextprotocol|zod)\//.test(url))).toEqual([]);
  });

  // Issue 35: what `xcap serve` loads before it can answer is what its first answer costs. The stores, the call path,
  // the bridge, the audit code and the Node providers load after it (create-node-host.ts imports open-node-host.js and
  // node-providers.js then; what the providers provide is nodeProvided's); the bundle must not put them in the chunks
  // the serve command imports statically (esbuild did: a package index re-exporting everything dragged them in; and
  // serve-console-option.ts imported the data directory's stores statically).
  it('the serve command imports no store, call path, bridge, audit code or Node provider statically: they load after the first answer', async () => {
    const serveChunk = (await readdir(new URL('chunks/', bundleUrl))).find((name) => /^serve-command-.*\.js$/.test(name));
    expect(serveChunk).toBeDefined();
    const modules = await staticClosure(`chunks/${serveChunk ?? ''}`);
    // The walk works: it reached the serve command, the SDK server's chunk imports and the catalog's data.
    expect(modules.some((url) => url.endsWith('/packages/host-node/dist/cli/serve-command.js'))).toBe(true);
    expect(modules.some((url) => url.endsWith('/packages/catalog/dist/generated/catalog-data.js'))).toBe(true);
    const later =
      /\/packages\/(store-local\/dist\/(file-blob-store|file-grant-store|file-token-store|sqlite-[a-z-]+)|call\/dist\/(create-call-path|audit-queue)|bridge\/dist\/(index|bridge-call|call-native|store-result-files)|audit\/dist\/[a-z-]+|host-node\/dist\/(open-node-host|providers\/(node-providers|photos-provider|files-provider|notifications-provider|print-provider|share-provider))|mcp\/dist\/http\/[a-z-]+)\.js$/;
    expect(modules.filter((url) => later.test(url)).map((url) => url.replace(/^.*\/packages\//, ''))).toEqual([]);
  });

  it('xcap --help loads no command body, no catalog and no store', async () => {
    const dir = tempDir();
    const log = join(dir, 'loads.txt');
    const end = await childEnd(
      spawn(process.execPath, ['--import', recorder, xcapBin, '--help'], {
        env: { PATH: process.env.PATH ?? '', HOME: dir, XCAP_LOAD_LOG: log },
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
    expect(end.code).toBe(0);
    expect(end.stdout).toContain('Usage: xcap');
    const loaded = await lines(log);
    expect(loaded).toContain(bundleMain);
    const urls = await loadedModules(loaded);
    expect(urls.some((url) => url.endsWith('/packages/host-node/dist/cli/run-cli.js'))).toBe(true);
    const commands =
      /\/host-node\/dist\/cli\/(serve-command|serve-http-command|grant-commands|audit-command|token-commands|store-commands|command-stores)\.js$/;
    const bodies = urls.filter((url) => commands.test(url));
    expect(bodies).toEqual([]);
    const packages = urls.filter((url) => /\/packages\/(?!host-node\/)[^/]+\/|\/node_modules\/(better-sqlite3|pg|exifr|@modelcontextprotocol)\//.test(url));
    expect(packages).toEqual([]);
  });
});
