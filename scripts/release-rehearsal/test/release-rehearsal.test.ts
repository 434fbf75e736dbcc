/**
 * The release rehearsed through a real registry (issue 18), in a throwaway
 * copy of the repository: a changeset written by `xcap-codegen diff
 * --changeset` for a removed tool bumps `@xcap/catalog` major,
 * `changeset version` moves every dependent's range and writes the
 * CHANGELOGs, `changeset publish` publishes every package to a Verdaccio
 * registry this test starts on 127.0.0.1, and a scratch project installs
 * `@xcap/host-node@<new version>` by name from it, which must pull the
 * matching `@xcap/*` versions; `xcap serve` then answers MCP. Runs with
 * `npm run release:rehearse` (not part of `npm test`: the scratch install
 * compiles better-sqlite3). Set XCAP_KEEP_REHEARSAL=1 to keep the folder.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureRehearsalTools, type RehearsalTools } from '../src/rehearsal-tools.js';
import { addRegistryUser, startLocalRegistry, type LocalRegistry } from '../src/local-registry.js';
import { copyWorkspace, readWorkspacePackages, type ReleasePackage } from '../src/workspace-copy.js';
import { changelogSection, dependentsOf, internalRangeProblems, workspaceClosure } from '../src/release-checks.js';
import { mustRun, runCommand } from '../src/run-command.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'xcap-rehearsal-'));
const copy = join(work, 'repo');
const scratch = join(work, 'scratch');
const removedTool = 'windows_list';
const timings: Record<string, number> = {};
let tools: RehearsalTools;
let registry: LocalRegistry | undefined;
let before: ReleasePackage[] = [];
let after: ReleasePackage[] = [];
let npmEnv: Record<string, string> = {};

const published = (packages: readonly ReleasePackage[]) => packages.filter((p) => !p.private);
const find = (packages: readonly ReleasePackage[], name: string) => {
  const p = packages.find((q) => q.name === name);
  if (p === undefined) throw new Error(`no workspace package ${name} in ${copy}`);
  return p;
};
async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    timings[label] = Math.round(performance.now() - started);
  }
}

beforeAll(async () => {
  tools = await timed('tools (verdaccio, node 24) from cache or npm', ensureRehearsalTools);
  const commit = await timed('git clone + node_modules links', () => copyWorkspace(repoRoot, copy));
  console.log(`rehearsing commit ${commit} in ${copy}`);
  await timed('build (npm run build in the copy)', () =>
    mustRun('npm', ['run', 'build'], copy, { NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_SKIP_NX_CACHE: 'true' }),
  );
  before = readWorkspacePackages(copy);
}, 15 * 60_000);

afterAll(async () => {
  await registry?.stop();
  console.log(`release rehearsal timings (ms): ${JSON.stringify(timings)}`);
  if (process.env['XCAP_KEEP_REHEARSAL'] === undefined) rmSync(work, { recursive: true, force: true });
  else console.log(`rehearsal folder kept: ${work}`);
}, 60_000);

describe('1. changeset version after a major change of @xcap/catalog', () => {
  it(`xcap-codegen diff --changeset classifies the removal of ${removedTool} as major`, async () => {
    const catalog = JSON.parse(readFileSync(join(copy, 'fixtures/capabilities.json'), 'utf8')) as Record<string, unknown> & { tools: { name: string }[] };
    expect(catalog.tools.map((t) => t.name)).toContain(removedTool);
    catalog.tools = catalog.tools.filter((t) => t.name !== removedTool);
    for (const [key, value] of Object.entries(catalog)) {
      if (key.endsWith('Cases') && Array.isArray(value)) catalog[key] = value.filter((c: { tool?: string }) => c.tool !== removedTool);
    }
    const changed = join(work, 'catalog-without-tool.json');
    writeFileSync(changed, JSON.stringify(catalog, null, 2));
    const diff = await mustRun(
      process.execPath,
      ['tools/codegen/bin/xcap-codegen.js', 'diff', 'fixtures/capabilities.json', changed, '--changeset', '.changeset'],
      copy,
    );
    expect(diff.stdout).toContain(`major  tool "${removedTool}" removed`);
    const written = readdirSync(join(copy, '.changeset')).filter((f) => f.startsWith('catalog-major-'));
    expect(written).toHaveLength(1);
    expect(readFileSync(join(copy, '.changeset', written[0]!), 'utf8')).toMatch(/^---\n"@xcap\/catalog": major\n---\n/);
  });

  it('moves @xcap/catalog to its next major and every dependent range with it; every internal range is ^<released version>', async () => {
    await timed('changeset version', () => mustRun(process.execPath, [join(copy, 'node_modules/@changesets/cli/bin.js'), 'version'], copy));
    after = readWorkspacePackages(copy);
    const oldCatalog = find(before, '@xcap/catalog').version;
    const newCatalog = find(after, '@xcap/catalog').version;
    const major = (v: string) => Number(v.split('.')[0]);
    const expected = major(oldCatalog) === 0 ? '1.0.0' : `${major(oldCatalog) + 1}.0.0`;
    expect(newCatalog).toBe(expected);
    const direct = published(before).filter((p) => p.dependencies['@xcap/catalog'] !== undefined);
    expect(direct.length).toBeGreaterThanOrEqual(8);
    for (const p of direct) {
      expect({ name: p.name, range: find(after, p.name).dependencies['@xcap/catalog'] }).toEqual({ name: p.name, range: `^${newCatalog}` });
    }
    const dependents = dependentsOf(before, '@xcap/catalog');
    const notBumped = dependents.filter((name) => find(before, name).version === find(after, name).version);
    expect(notBumped).toEqual([]);
    expect(internalRangeProblems(after)).toEqual([]);
    expect(readdirSync(join(copy, '.changeset')).filter((f) => f.endsWith('.md') && f !== 'README.md')).toEqual([]);
  });

  it('the CHANGELOGs name the change: the removed tool in @xcap/catalog, and in every dependent the new version of each dependency it goes through (the catalog itself for a direct one)', () => {
    const newCatalog = find(after, '@xcap/catalog');
    const catalogLog = changelogSection(readFileSync(join(copy, newCatalog.dir, 'CHANGELOG.md'), 'utf8'), newCatalog.version);
    expect(catalogLog).toContain('### Major Changes');
    expect(catalogLog).toContain(`tool "${removedTool}" removed`);
    const dependents = dependentsOf(before, '@xcap/catalog');
    for (const name of dependents) {
      const p = find(after, name);
      const section = changelogSection(readFileSync(join(copy, p.dir, 'CHANGELOG.md'), 'utf8'), p.version);
      // changesets lists the workspace dependencies it updated: @xcap/store-copy, say, names @xcap/store-local's new version, not the catalog's.
      const through = Object.keys(find(before, name).dependencies).filter((dep) => dep === '@xcap/catalog' || dependents.includes(dep));
      expect(through.length, name).toBeGreaterThan(0);
      const unnamed = through.filter((dep) => section?.includes(`${dep}@${find(after, dep).version}`) !== true);
      expect({ name, unnamed }).toEqual({ name, unnamed: [] });
    }
    expect(dependents.filter((name) => find(before, name).dependencies['@xcap/catalog'] !== undefined).length).toBeGreaterThanOrEqual(8);
  });
});

describe('2. changeset publish to a registry on 127.0.0.1', () => {
  it(
    'publishes every public package at its new version; @xcap/* is served only from the local storage',
    async () => {
      expect(after.length).toBeGreaterThan(0);
      registry = await timed('registry start', () =>
        startLocalRegistry({
          node: tools.node24,
          verdaccio: tools.verdaccio,
          dir: join(work, 'registry'),
          uplink: 'https://registry.npmjs.org/',
          localScope: '@xcap',
        }),
      );
      const token = await addRegistryUser(registry.url, 'rehearsal', `rehearsal-${process.pid}`);
      const npmrc = join(work, 'npmrc');
      writeFileSync(npmrc, `registry=${registry.url}\n${registry.url.replace(/^http:/, '')}:_authToken=${token}\n`);
      const nodedir = (await runCommand('npm', ['config', 'get', 'nodedir'], repoRoot)).stdout.trim();
      npmEnv = {
        npm_config_userconfig: npmrc,
        npm_config_registry: registry.url,
        npm_config_cache: tools.npmCache,
        npm_config_audit: 'false',
        npm_config_fund: 'false',
        npm_config_update_notifier: 'false',
        ...(nodedir !== '' && nodedir !== 'undefined' && nodedir !== 'null' ? { npm_config_nodedir: nodedir } : {}),
      };
      for (const p of published(after)) {
        const answer = await fetch(`${registry.url}${p.name.replace('/', '%2f')}`);
        expect({ name: p.name, status: answer.status }).toEqual({ name: p.name, status: 404 });
      }
      const publish = await timed('changeset publish', () =>
        runCommand(process.execPath, [join(copy, 'node_modules/@changesets/cli/bin.js'), 'publish'], copy, npmEnv),
      );
      expect(publish.status, `${publish.stdout}\n${publish.stderr}`).toBe(0);
      for (const p of published(after)) {
        const answer = await fetch(`${registry.url}${p.name.replace('/', '%2f')}`);
        expect(answer.status).toBe(200);
        const doc = (await answer.json()) as { 'dist-tags': Record<string, string>; versions: Record<string, { dependencies?: Record<string, string> }> };
        expect({ name: p.name, latest: doc['dist-tags']['latest'], versions: Object.keys(doc.versions) }).toEqual({
          name: p.name,
          latest: p.version,
          versions: [p.version],
        });
        expect(doc.versions[p.version]!.dependencies ?? {}).toEqual(p.dependencies);
      }
    },
    5 * 60_000,
  );
});

describe('3. a host team installs @xcap/host-node by name and version', () => {
  it(
    'pulls exactly the @xcap/* versions released with it, every tarball from the local registry',
    async () => {
      expect(registry).toBeDefined();
      const host = find(after, '@xcap/host-node');
      mkdirSync(scratch);
      writeFileSync(
        join(scratch, 'package.json'),
        `${JSON.stringify({ name: 'host-team', version: '0.0.0', private: true, type: 'module', allowScripts: { 'better-sqlite3': true } }, null, 2)}\n`,
      );
      const install = await timed('npm install @xcap/host-node (compiles better-sqlite3)', () =>
        runCommand('npm', ['install', `@xcap/host-node@${host.version}`], scratch, npmEnv),
      );
      expect(install.status, install.stderr.slice(-4000)).toBe(0);
      const lock = JSON.parse(readFileSync(join(scratch, 'package-lock.json'), 'utf8')) as {
        packages: Record<string, { version?: string; resolved?: string; link?: boolean }>;
      };
      const installed = Object.entries(lock.packages).filter(([path]) => path !== '');
      const xcap = installed
        .filter(([path]) => /node_modules\/@xcap\//.test(path))
        .map(([path, entry]) => [path.replace(/^.*node_modules\//, ''), entry.version]);
      const expected = workspaceClosure(after, '@xcap/host-node').map((name) => [name, find(after, name).version]);
      expect(xcap.sort()).toEqual(expected.sort());
      expect(
        installed
          .filter(([, entry]) => entry.link !== true && !(entry.resolved ?? '').startsWith(registry!.url))
          .map(([path, entry]) => `${path} ${entry.resolved}`),
      ).toEqual([]);
      expect(existsSync(join(scratch, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node'))).toBe(true);
    },
    10 * 60_000,
  );

  it('xcap --version names the released version and xcap serve answers MCP initialize and tools/list', async () => {
    const host = find(after, '@xcap/host-node');
    const bin = join(scratch, 'node_modules/.bin/xcap');
    const version = await mustRun(bin, ['--version'], scratch);
    expect(version.stdout.trim()).toBe(host.version);
    const manifest = join(scratch, 'manifest.json');
    writeFileSync(
      manifest,
      JSON.stringify({ id: 'acme.album', screens: ['albums'], capabilities: [{ id: 'print.pdf', why: 'Lay your album out as a PDF.' }] }),
    );
    const data = join(scratch, 'data');
    mkdirSync(data, { mode: 0o700 });
    const answers = await serveOnce(bin, ['serve', '--manifest', manifest, '--data', data], scratch, [
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'rehearsal', version: '0.0.0' } },
      },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} },
    ]);
    const init = answers.find((a) => a['id'] === 1) as { result?: { serverInfo?: { name?: string } } } | undefined;
    expect(init?.result?.serverInfo?.name).toBeTypeOf('string');
    const list = answers.find((a) => a['id'] === 2) as { result?: { tools?: { name: string }[] } } | undefined;
    expect(list?.result?.tools?.map((t) => t.name)).toEqual(expect.arrayContaining(['print__pdf']));
  }, 60_000);
});

/** Spawns `xcap serve`, writes the messages, collects the JSON-RPC answers until every request is answered (30 s at most), then ends stdin and waits for the exit. */
function serveOnce(bin: string, args: readonly string[], cwd: string, messages: readonly Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
  const ids = new Set(messages.filter((m) => m['id'] !== undefined).map((m) => m['id']));
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    const answers: Record<string, unknown>[] = [];
    let buffered = '';
    let stderr = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`xcap serve answered ${answers.length} of ${ids.size} requests within 30 s; stderr: ${stderr}`));
    }, 30_000);
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      buffered += chunk;
      let newline: number;
      while ((newline = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        if (line.trim() !== '') answers.push(JSON.parse(line) as Record<string, unknown>);
      }
      if ([...ids].every((id) => answers.some((a) => a['id'] === id))) child.stdin.end();
    });
    child.on('error', reject);
    child.on('close', () => {
      clearTimeout(timer);
      resolve(answers);
    });
    for (const m of messages) child.stdin.write(`${JSON.stringify(m)}\n`);
  });
}
