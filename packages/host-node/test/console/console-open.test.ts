import { spawn, spawnSync } from 'node:child_process';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '@xcap/test-support';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { connectAgent, requireBuilt, workspace } from '../e2e/xcap-process.js';
import { consoleFetch } from '../../../console/test/console-client.js';
import { consoleLoginUrl } from '../console-e2e/console-login-url.js';

// Issue 33, row 1: `--console-open` put the login URL on xdg-open's command line, which every local user reads.
vi.setConfig({ testTimeout: 90_000 });

beforeAll(requireBuilt);

/** Every string in `text` that could be a console secret or session value (43 base64url characters). */
function candidates(text: string): string[] {
  return [...new Set(text.match(/[A-Za-z0-9_-]{43}/g) ?? [])].slice(0, 2_000);
}

/** Whether any of `values` signs in to the console at `origin` (as a secret by GET and by POST, or as a session token). */
async function anySignsIn(origin: string, values: readonly string[]): Promise<string[]> {
  const { host } = new URL(origin);
  const signed: string[] = [];
  for (const value of values) {
    const get = await consoleFetch(`${origin}/login?secret=${value}`, { headers: { Host: host } });
    const api = await consoleFetch(`${origin}/api/state`, {
      headers: { Host: host, 'X-Xcap-Session': value, Cookie: `xcap_console_${new URL(origin).port}=${value}` },
    });
    if (get.status !== 403 || api.status !== 401) signed.push(value);
  }
  return signed;
}

/** A folder of fake `xdg-open` and `notify-send` that record their argv (one per line) and their environ (NUL-separated), then linger a second (time for a poller to see them). */
async function recordingBin(root: string): Promise<string> {
  const bin = join(root, 'bin');
  await mkdir(bin);
  for (const command of ['xdg-open', 'notify-send']) {
    const log = join(root, command);
    await writeFile(
      join(bin, command),
      `#!/bin/sh\nprintf '%s\\n' "$@" > ${JSON.stringify(`${log}.argv`)}\ncat /proc/$$/environ > ${JSON.stringify(`${log}.environ`)}\nsleep 1\n`,
    );
    await chmod(join(bin, command), 0o755);
  }
  return bin;
}

const nobody = (() => {
  if (process.getuid?.() !== 0) return { skip: 'not running as root: cannot start a poller as user nobody' };
  const id = spawnSync('id', ['-u', 'nobody'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'nobody'], { encoding: 'utf8' });
  if (id.status !== 0 || gid.status !== 0) return { skip: 'no user nobody on this machine' };
  return { uid: Number(id.stdout.trim()), gid: Number(gid.stdout.trim()) };
})();

/** Polls every /proc/<pid>/cmdline and /proc/<pid>/environ it may read (as the user it runs as) until stdin closes; prints what it saw. */
const pollerScript = `
const { readdirSync, readFileSync } = require('node:fs');
const seen = new Set();
let sweeps = 0, stop = false;
process.stdin.on('end', () => (stop = true)).resume();
const sweep = () => {
  for (const pid of readdirSync('/proc')) {
    if (!/^\\d+$/.test(pid) || pid === String(process.pid)) continue;
    for (const file of ['cmdline', 'environ']) {
      try { const text = readFileSync('/proc/' + pid + '/' + file, 'latin1'); if (text !== '') seen.add(text.replace(/\\0/g, ' ')); } catch {}
    }
  }
  sweeps++;
  if (stop || sweeps > 20000) { process.stdout.write(JSON.stringify({ sweeps, seen: [...seen] })); return; }
  setImmediate(sweep);
};
sweep();
`;

describe('xcap serve --consent console --console-open', () => {
  it('opens a 0600 page of the data directory with xdg-open: no credential on its command line or in its environment; the page signs the browser in', async () => {
    const ws = await workspace();
    const bin = await recordingBin(ws.root);
    const agent = await connectAgent(
      ['--manifest', ws.manifest, '--data', ws.data, '--photos', ws.photos, '--foreground', '--consent', 'console', '--console-open'],
      {
        env: { PATH: `${bin}:${process.env.PATH ?? ''}` },
      },
    );
    let closed = false;
    try {
      const loginUrl = await consoleLoginUrl(() => agent.stderr());
      const secret = loginUrl.searchParams.get('secret') ?? '';
      const call = agent.client.callTool({ name: 'photos__list', arguments: {} });
      const logOf = (name: string) => readFile(join(ws.root, name), 'latin1').catch(() => '');
      await vi.waitFor(async () => expect(await logOf('xdg-open.environ')).not.toBe(''), { timeout: 10_000 });
      await vi.waitFor(async () => expect(await logOf('notify-send.environ')).not.toBe(''), { timeout: 10_000 });
      const recorded = (await Promise.all(['xdg-open.argv', 'xdg-open.environ', 'notify-send.argv', 'notify-send.environ'].map(logOf))).join('\n');
      expect(recorded).not.toContain(secret);
      expect(await anySignsIn(loginUrl.origin, candidates(recorded))).toEqual([]);

      // What xdg-open got: one file URL of the data directory, a file only the owner may read, that carries the secret.
      const argv = (await logOf('xdg-open.argv')).split('\n').filter((line) => line !== '');
      expect(argv).toHaveLength(1);
      expect(argv[0]).toMatch(/^file:\/\/\/.*\/console-open-[0-9a-f]{16}\.html$/);
      const page = fileURLToPath(argv[0] ?? '');
      expect(page.startsWith(`${ws.data}/`)).toBe(true);
      expect((await stat(page)).mode & 0o777).toBe(0o600);
      expect(await readFile(page, 'utf8')).toContain(`value="${secret}"`);

      // Opened in Chromium, the page posts the secret and lands on the console, signed in, at / (no secret in the address).
      const browser = await launchChromium();
      try {
        const tab = await browser.context.newPage();
        await tab.goto(argv[0] ?? '');
        await tab.locator('body[data-ready="true"]').waitFor({ timeout: 15_000 });
        expect(tab.url()).toBe(`${loginUrl.origin}/`);
        await tab.getByRole('button', { name: 'Always allow', exact: true }).click({ timeout: 10_000 });
        expect((await call).isError).toBeFalsy();
      } finally {
        await browser.close();
      }
      await agent.client.close();
      closed = true;
      await vi.waitFor(async () => expect(await stat(page).catch(() => 'gone')).toBe('gone'), { timeout: 10_000 });
    } finally {
      if (!closed) await agent.client.close();
    }
  });

  it.skipIf('skip' in nobody)(
    `user nobody polling /proc/*/cmdline and /proc/*/environ during --console-open finds nothing that signs in${'skip' in nobody ? ` (skipped: ${nobody.skip})` : ''}`,
    async () => {
      if ('skip' in nobody) return;
      const ws = await workspace();
      const bin = await recordingBin(ws.root);
      // The poller runs from / as nobody (it needs nothing of the clone), started before the console opens.
      const poller = spawn(process.execPath, ['-e', pollerScript], { uid: nobody.uid, gid: nobody.gid, cwd: '/', stdio: ['pipe', 'pipe', 'pipe'] });
      let out = '';
      poller.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      const ended = new Promise<void>((resolve) => poller.on('close', () => resolve()));
      const agent = await connectAgent(
        ['--manifest', ws.manifest, '--data', ws.data, '--photos', ws.photos, '--foreground', '--consent', 'console', '--console-open'],
        { env: { PATH: `${bin}:${process.env.PATH ?? ''}` } },
      );
      try {
        const loginUrl = await consoleLoginUrl(() => agent.stderr());
        void agent.client.callTool({ name: 'photos__list', arguments: {} }).catch(() => undefined);
        await vi.waitFor(async () => expect(await readFile(join(ws.root, 'xdg-open.environ'), 'latin1').catch(() => '')).not.toBe(''), { timeout: 10_000 });
        await new Promise((resolve) => setTimeout(resolve, 300));
        poller.stdin.end();
        await ended;
        const { sweeps, seen } = JSON.parse(out) as { sweeps: number; seen: string[] };
        expect(sweeps).toBeGreaterThan(10);
        // Nothing in any of them signs in…
        expect(await anySignsIn(loginUrl.origin, candidates(seen.join('\n')))).toEqual([]);
        // …though it did see the processes xcap started (the fake xdg-open's command line names the page).
        expect(seen.some((text) => text.includes('console-open-'))).toBe(true);
      } finally {
        poller.kill();
        await agent.client.close();
      }
    },
  );
});
