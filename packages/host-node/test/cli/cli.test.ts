import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { MemoryGrantStore } from '@xcap/broker';
import { runCli } from '../../src/cli/run-cli.js';
import { hostNodeVersion } from '../../src/mcp/host-node-version.js';
import { dataPaths, SqliteAuditSink } from '@xcap/store-local';
import { requireBuilt, runXcap } from '../e2e/xcap-process.js';
import { runCliCaptured, type Ran } from './run-cli-captured.js';

// Child processes or a database server: the shared 20 s is too short on a loaded 2-core machine.
vi.setConfig({ testTimeout: 60_000 });

const xcap = (...argv: string[]): Promise<Ran> => runCliCaptured(argv);

const tempData = async () => join(await mkdtemp(join(tmpdir(), 'xcap-cli-')), 'data');

/** Exactly one line on stderr, starting `xcap: `. */
const oneErrorLine = (ran: Ran) => {
  expect(ran.stderr).toMatch(/^xcap: [^\n]+\n$/);
  return ran.stderr.slice('xcap: '.length, -1);
};

describe('xcap grant / revoke / grants', () => {
  it('grant writes through consentAnswer, grants lists, revoke forgets', async () => {
    const data = await tempData();
    expect(await xcap('grant', 'acme.album', 'photos.read', '--data', data)).toEqual({ code: 0, stdout: 'acme.album photos.read granted\n', stderr: '' });
    expect(await xcap('grant', 'acme.notes', 'notifications.post', '--data', data)).toMatchObject({ code: 0 });
    expect((await xcap('grants', '--data', data)).stdout).toBe('acme.album  photos.read  granted\nacme.notes  notifications.post  granted\n');
    const json = await xcap('grants', '--json', '--data', data);
    expect(JSON.parse(json.stdout)).toEqual({ 'acme.album': { 'photos.read': 'granted' }, 'acme.notes': { 'notifications.post': 'granted' } });
    expect(JSON.parse((await xcap('grants', 'acme.notes', '--json', '--data', data)).stdout)).toEqual({ 'acme.notes': { 'notifications.post': 'granted' } });
    expect(await xcap('revoke', 'acme.album', 'photos.read', '--data', data)).toEqual({
      code: 0,
      stdout: 'acme.album photos.read revoked (was granted)\n',
      stderr: '',
    });
    expect((await xcap('revoke', 'acme.album', 'photos.read', '--data', data)).stdout).toBe('acme.album photos.read was undecided\n');
    expect(JSON.parse((await xcap('grants', 'acme.album', '--json', '--data', data)).stdout)).toEqual({});
    expect((await xcap('grants', 'acme.album', '--data', data)).stdout).toBe(`no grants for acme.album in ${dataPaths(data).consent}\n`);
  });

  it('grants go through the same store the call path reads (GrantStore semantics)', async () => {
    const data = await tempData();
    await xcap('grant', 'acme.album', 'photos.read', '--data', data);
    const { FileGrantStore } = await import('@xcap/store-local');
    const store = new FileGrantStore(dataPaths(data).consent);
    expect(await store.get('acme.album', 'photos.read')).toBe('granted');
    expect(new MemoryGrantStore().get('acme.album', 'photos.read')).toBeUndefined();
  });

  it.each([
    [['grant', 'acme.album', 'foo.bar'], /^no scope "foo\.bar" in the catalog \(scopes that keep a grant: .*photos\.read/],
    [['grant', 'acme.album', 'files.read'], /^files\.read is a picker scope: the picker is the consent, no grant is kept for it$/],
    [['grant', 'acme.album', 'shell.edit'], /^shell\.edit is host-only: it is never granted to an app$/],
    [['revoke', 'acme.album', 'nope'], /^no scope "nope" in the catalog/],
    [['grant', '../etc', 'photos.read'], /^"\.\.\/etc" is not an app id/],
    [['grants', 'a/b'], /^"a\/b" is not an app id/],
    [['grant', 'acme.album'], /^missing required argument 'scope'$/],
    [['grant', 'a', 'photos.read', 'extra'], /^too many arguments for 'grant'\. Expected 2 arguments but got 3\.$/],
  ])('%j → exit 2, one line on stderr, nothing written', async (argv, message) => {
    const data = await tempData();
    const ran = await xcap(...argv, '--data', data);
    expect(ran.code).toBe(2);
    expect(ran.stdout).toBe('');
    expect(oneErrorLine(ran)).toMatch(message);
    expect(JSON.parse((await xcap('grants', '--json', '--data', data)).stdout)).toEqual({});
  });

  it('a hand-broken consent.json is an error naming the file (exit 1), never reset', async () => {
    const data = await tempData();
    await xcap('grant', 'acme.album', 'photos.read', '--data', data);
    await writeFile(dataPaths(data).consent, '{"acme.album": {"photos.read": "maybe"}}');
    for (const argv of [['grants'], ['grant', 'acme.album', 'notifications.post']]) {
      const ran = await xcap(...argv, '--data', data);
      expect(ran.code).toBe(1);
      expect(oneErrorLine(ran)).toContain(dataPaths(data).consent);
    }
  });

  it('a --data path that is a file is refused with one line (exit 2) by every command', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'xcap-cli-')), 'not-a-dir');
    await writeFile(file, 'x');
    for (const argv of [['grant', 'acme.album', 'photos.read'], ['grants'], ['audit'], ['serve', '--manifest', file]]) {
      const ran = await xcap(...argv, '--data', file);
      expect(ran.code).toBe(2);
      expect(oneErrorLine(ran)).toBe(`--data ${file}: not a directory`);
    }
  });

  it('the default data dir is $XDG_DATA_HOME/xcap', async () => {
    const xdg = await mkdtemp(join(tmpdir(), 'xcap-xdg-'));
    let stdout = '';
    const code = await runCli(['grant', 'acme.album', 'photos.read'], { stdout: (t) => (stdout += t), stderr: () => undefined, env: { XDG_DATA_HOME: xdg } });
    expect(code).toBe(0);
    const ran = await xcap('grants', '--json', '--data', join(xdg, 'xcap'));
    expect(JSON.parse(ran.stdout)).toEqual({ 'acme.album': { 'photos.read': 'granted' } });
  });
});

describe('xcap audit', () => {
  async function seeded(): Promise<string> {
    const data = await tempData();
    const sink = new SqliteAuditSink(dataPaths(data).audit);
    const row = (tool: string, status: 'ok' | 'denied', clientId: string) => ({
      appId: tool.startsWith('print') ? 'acme.print' : 'acme.album',
      clientId,
      tool,
      status,
      error: status === 'ok' ? null : 'consentNeeded',
      argsHash: `sha256:${'0'.repeat(64)}`,
    });
    await sink.write(row('photos__list', 'denied', 'run-a'), { at: '2026-07-14T05:00:00.000Z', durationMs: 1.5 });
    await sink.write(row('photos__list', 'ok', 'run-a'), { at: '2026-07-14T06:00:00.000Z', durationMs: 2 });
    await sink.write(row('photos__pick', 'ok', 'run-b'), { at: '2026-07-15T06:00:00.000Z', durationMs: 3 });
    await sink.write(row('print__pdf', 'ok', 'run-b'), { at: '2026-07-16T06:00:00.000Z', durationMs: 4 });
    sink.close();
    return data;
  }

  it('--json prints one JSON array, newest first, with every filter', async () => {
    const data = await seeded();
    const rows = async (...filters: string[]) => {
      const ran = await xcap('audit', '--json', '--data', data, ...filters);
      expect(ran.code).toBe(0);
      return (JSON.parse(ran.stdout) as { tool: string; at: string }[]).map((r) => `${r.tool}@${r.at.slice(0, 13)}`);
    };
    expect(await rows()).toEqual(['print__pdf@2026-07-16T06', 'photos__pick@2026-07-15T06', 'photos__list@2026-07-14T06', 'photos__list@2026-07-14T05']);
    expect(await rows('--app', 'acme.album')).toHaveLength(3);
    expect(await rows('--tool', 'photos__list', '--status', 'ok')).toEqual(['photos__list@2026-07-14T06']);
    expect(await rows('--since', '2026-07-15')).toEqual(['print__pdf@2026-07-16T06', 'photos__pick@2026-07-15T06']);
    expect(await rows('--since', '2026-07-15T08:00:00+02:00')).toEqual(['print__pdf@2026-07-16T06', 'photos__pick@2026-07-15T06']);
    expect(await rows('--limit', '1')).toEqual(['print__pdf@2026-07-16T06']);
    const full = JSON.parse((await xcap('audit', '--json', '--limit', '1', '--data', data)).stdout) as unknown[];
    expect(full[0]).toMatchObject({ appId: 'acme.print', clientId: 'run-b', tool: 'print__pdf', status: 'ok', error: null, durationMs: 4 });
  });

  it('prints a table by default; an empty data dir has no rows and creates nothing', async () => {
    const data = await seeded();
    const table = (await xcap('audit', '--data', data)).stdout.split('\n');
    expect(table[0]).toMatch(/^at\s+app\s+client\s+tool\s+status\s+error\s+ms\s+argsHash$/);
    expect(table[2]).toMatch(/^2026-07-16T06:00:00.000Z\s+acme\.print\s+run-b\s+print__pdf\s+ok\s+—\s+4\.0\s+sha256:000000000000…$/);
    expect(table).toHaveLength(4 + 2 + 1);
    const empty = await tempData();
    expect(await xcap('audit', '--data', empty)).toEqual({ code: 0, stdout: `no audit rows in ${dataPaths(empty).audit}\n`, stderr: '' });
    expect(await xcap('audit', '--json', '--data', empty)).toEqual({ code: 0, stdout: '[]\n', stderr: '' });
  });

  it.each([
    [['--limit', '0'], "option '--limit <n>' argument '0' is invalid. not a whole number from 1 to 1000000"],
    [['--limit', '2.5'], "option '--limit <n>' argument '2.5' is invalid. not a whole number from 1 to 1000000"],
    [['--status', 'fine'], "option '--status <status>' argument 'fine' is invalid. Allowed choices are ok, failed, invalid, upstream, denied."],
    [['--since', 'yesterday'], "option '--since <time>' argument 'yesterday' is invalid. not an ISO 8601 time (e.g. 2026-07-14 or 2026-07-14T05:40:00Z)"],
    [['--since', '2026-02-30'], "option '--since <time>' argument '2026-02-30' is invalid. not a real date and time"],
    [['--colour'], "unknown option '--colour'"],
  ])('%j → exit 2 and one line', async (argv, message) => {
    const ran = await xcap('audit', ...argv, '--data', await tempData());
    expect(ran.code).toBe(2);
    expect(oneErrorLine(ran)).toBe(message);
  });
});

describe('xcap: help, version, usage errors', () => {
  it('--version prints the package version', async () => {
    expect(await xcap('--version')).toEqual({ code: 0, stdout: `${hostNodeVersion}\n`, stderr: '' });
  });

  it.each([[[]], [['serve']], [['grant']], [['revoke']], [['grants']], [['audit']]])('--help on %j prints usage, exit 0', async (argv) => {
    const ran = await xcap(...argv, '--help');
    expect(ran.code).toBe(0);
    expect(ran.stdout).toMatch(new RegExp(`^Usage: xcap${argv.length === 0 ? '' : ` ${argv[0]}`} `));
    expect(ran.stderr).toBe('');
  });

  it.each([
    [['bogus'], "unknown command 'bogus'"],
    [['grnat'], "unknown command 'grnat' (did you mean grant?)"],
    [['grants', '--jsn'], "unknown option '--jsn' (did you mean --json?)"],
    // A typo is reported as itself, not as the required option it missed; every command, nested ones too.
    [['serve', '--manfest', 'app.json'], "unknown option '--manfest' (did you mean --manifest?)"],
    [['serve', '--manifest', 'app.json', '--foregroud'], "unknown option '--foregroud' (did you mean --foreground?)"],
    [['serve', '--manifest=app.json', '--consnet=elicit'], "unknown option '--consnet' (did you mean --consent?)"],
    [['grant', 'acme.album', 'photos.read', '--dta', 'x'], "unknown option '--dta' (did you mean --data?)"],
    [['audit', '--limt', '3'], "unknown option '--limt' (did you mean --limit?)"],
    [['token', 'add', 'laptop', '--stor', 'x'], "unknown option '--stor' (did you mean --store?)"],
    [['store', 'copy', '--form', 'x'], "unknown option '--form' (did you mean --from?)"],
    [['serve', '--manifest', 'app.json', '--zzzzzz'], "unknown option '--zzzzzz'"],
    [['grnat', '--data', 'x'], "unknown command 'grnat' (did you mean grant?)"],
    [['serve'], "required option '--manifest <file>' not specified"],
    [
      ['serve', '--manifest', 'x.json', '--consent', 'maybe'],
      "option '--consent <mode>' argument 'maybe' is invalid. Allowed choices are dismiss, prompt, elicit, console.",
    ],
    [
      ['serve', '--manifest', 'x.json', '--consent', 'prompt'],
      '--consent prompt needs --foreground (in the background no one is asked: undecided scopes answer consentNeeded)',
    ],
    [
      ['serve', '--manifest', 'x.json', '--foreground', '--consent-timeout', '0'],
      "option '--consent-timeout <seconds>' argument '0' is invalid. not a whole number of seconds from 1 to 3600",
    ],
    [
      ['serve', '--manifest', 'x.json', '--foreground', '--consent-timeout', '3601'],
      "option '--consent-timeout <seconds>' argument '3601' is invalid. not a whole number of seconds from 1 to 3600",
    ],
    [['serve', '--manifest', 'x.json', '--consent-timeout', '30'], '--consent-timeout needs --foreground (in the background no one is asked)'],
    [
      ['serve', '--manifest', 'x.json', '--foreground', '--consent-wait', '0'],
      "option '--consent-wait <seconds>' argument '0' is invalid. not a whole number of seconds from 1 to 3600",
    ],
    [
      ['serve', '--manifest', 'x.json', '--foreground', '--consent-wait', '3601'],
      "option '--consent-wait <seconds>' argument '3601' is invalid. not a whole number of seconds from 1 to 3600",
    ],
    [
      ['serve', '--manifest', 'x.json', '--foreground', '--consent-wait', '1.5'],
      "option '--consent-wait <seconds>' argument '1.5' is invalid. not a whole number of seconds from 1 to 3600",
    ],
    [['serve', '--manifest', 'x.json', '--consent-wait', '30'], '--consent-wait needs --foreground (in the background no one is asked)'],
    [
      ['serve', '--manifest', 'x.json', '--foreground', '--consent-timeout', '30', '--consent-wait', '31'],
      '--consent-wait 31 is longer than the consent timeout (30 s): a call cannot wait on a sheet after it closed; raise --consent-timeout or lower --consent-wait',
    ],
    [
      ['serve', '--manifest', 'x.json', '--foreground', '--consent', 'prompt', '--consent-wait', '121'],
      '--consent-wait 121 is longer than the consent timeout (120 s): a call cannot wait on a sheet after it closed; raise --consent-timeout or lower --consent-wait',
    ],
    [['serve', '--manifest', 'x.json', '--photos', '/nonexistent/photos'], '--photos /nonexistent/photos: no such directory'],
    [['serve', '--manifest', '/nonexistent/app.json'], 'invalid manifest /nonexistent/app.json: /: no such file'],
  ])('%j → exit 2 and one line on stderr', async (argv, message) => {
    const ran = await xcap(...argv);
    expect(ran.code).toBe(2);
    expect(ran.stdout).toBe('');
    expect(oneErrorLine(ran)).toBe(message);
  });
});

describe('--help says what each command does with --store', () => {
  it.each([
    [['serve'], 'keep grants, app files, audit rows and tokens in PostgreSQL'],
    [['grant'], 'write the grant in PostgreSQL'],
    [['audit'], "read the audit log from PostgreSQL (postgres://user@host:5432/db), every host's rows"],
    [['token', 'add'], "store the token's digest in PostgreSQL"],
    [['store', 'migrate'], 'the PostgreSQL database (postgres://user@host:5432/db) whose tables to create or migrate'],
  ])('%j', async (command, says) => {
    const help = (await xcap(...command, '--help')).stdout.replace(/\s+/g, ' ');
    expect(help).toContain(`--store <url> ${says}`);
    expect(help).toContain('No password here');
    if (command[0] !== 'serve') expect(help).not.toContain('keep grants, app files');
  });
});

describe('a manifest that is not JSON', () => {
  it('names the line and column, then shows the offending line with a caret under the column (exit 2)', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'xcap-cli-')), 'app.json');
    await writeFile(file, '{\n  "id": "acme.album",\n  "name" "Album\u202e\u001b[2J"\n}\n');
    const ran = await xcap('serve', '--manifest', file, '--data', await tempData());
    expect(ran.code).toBe(2);
    expect(ran.stderr).toBe(
      `xcap: invalid manifest ${file}: /: not JSON: line 3, column 10: expected ':' after the property name, found '"'\n` +
        '    "name" "Album??[2J"\n' +
        '           ^\n',
    );
  });
});

describe('the xcap bin (bin/xcap.js → dist)', () => {
  it('runs as a process: exit codes, one stderr line, --json parses', async () => {
    requireBuilt();
    const data = await tempData();
    expect(await runXcap(['--version'])).toEqual({ code: 0, stdout: `${hostNodeVersion}\n`, stderr: '' });
    expect(await runXcap(['grant', 'acme.album', 'photos.read', '--data', data])).toEqual({ code: 0, stdout: 'acme.album photos.read granted\n', stderr: '' });
    expect(await runXcap(['grant', 'acme.album', 'nope.nope', '--data', data])).toMatchObject({ code: 2, stdout: '' });
    const unknownFlag = await runXcap(['audit', '--nope']);
    expect(unknownFlag).toEqual({ code: 2, stdout: '', stderr: "xcap: unknown option '--nope'\n" });
    expect(JSON.parse((await runXcap(['grants', '--json', '--data', data])).stdout)).toEqual({ 'acme.album': { 'photos.read': 'granted' } });
  });
});
