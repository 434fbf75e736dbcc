import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataPaths, SqliteAuditSink } from '@xcap/store-local';
import { runCliCaptured, type Ran } from './run-cli-captured.js';

// Child processes or a database server: the shared 20 s is too short on a loaded 2-core machine.
vi.setConfig({ testTimeout: 60_000 });

const xcap = (...argv: string[]): Promise<Ran> => runCliCaptured(argv);

/** A code point a terminal acts on (other than the line feeds that end our own lines) or cannot show. */
const raw = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Hostile text: clears the screen, sets the window title, rings, returns, starts a fake line, a C1 CSI, DEL, a bidi override. */
const hostile = 'x\u001b[2J\u001b]0;t\u0007\r\nfake row\u009b2K\u007f\u202etxt';
const shown = 'x\\x1b[2J\\x1b]0;t\\x07\\r\\nfake row\\x9b2K\\x7f\\u202etxt';

const temps: string[] = [];
afterEach(async () => {
  await Promise.all(temps.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});
async function tempData(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'xcap-term-'));
  temps.push(root);
  return join(root, 'data');
}

describe('nothing raw on a terminal: tables and error lines escape controls; --json stays exact', () => {
  it('xcap audit: an agent-chosen tool name (and any other cell) is escaped in the table, exact in --json', async () => {
    const data = await tempData();
    const sink = new SqliteAuditSink(dataPaths(data).audit);
    await sink.write(
      {
        appId: 'acme.album',
        clientId: `run-${hostile}`,
        tool: hostile,
        status: 'invalid',
        error: `unknownTool: ${hostile}`,
        argsHash: `sha256:${'0'.repeat(64)}`,
      },
      { at: '2026-07-14T05:00:00.000Z', durationMs: 1 },
    );
    sink.close();
    const table = await xcap('audit', '--data', data);
    expect(table.code).toBe(0);
    expect(table.stdout).not.toMatch(raw);
    const lines = table.stdout.split('\n');
    expect(lines).toHaveLength(3 + 1);
    expect(lines[2]).toContain(`run-${shown}  ${shown}  invalid  unknownTool: ${shown}`);
    const json = await xcap('audit', '--json', '--data', data);
    expect((JSON.parse(json.stdout) as { tool: string; clientId: string; error: string }[])[0]).toMatchObject({
      tool: hostile,
      clientId: `run-${hostile}`,
      error: `unknownTool: ${hostile}`,
    });
  });

  it('xcap grants: app and scope keys of a hand-edited consent.json are escaped in the list, exact in --json', async () => {
    const data = await tempData();
    await mkdir(data, { recursive: true });
    const file = { [hostile]: { 'photos.read': 'granted' }, 'acme.album': { [hostile]: 'denied' } };
    await writeFile(dataPaths(data).consent, JSON.stringify(file));
    const list = await xcap('grants', '--data', data);
    expect(list.code).toBe(0);
    expect(list.stdout).not.toMatch(raw);
    expect(list.stdout).toBe(`acme.album  ${shown}  denied\n${shown}  photos.read  granted\n`);
    expect(JSON.parse((await xcap('grants', '--json', '--data', data)).stdout)).toEqual(file);
  });

  it('a --data path with controls is escaped in "no grants"/"no audit rows" lines', async () => {
    const root = await mkdtemp(join(tmpdir(), 'xcap-term-'));
    temps.push(root);
    const data = join(root, `d${hostile}`);
    for (const argv of [['grants'], ['audit']]) {
      const ran = await xcap(...argv, '--data', data);
      expect(ran.code).toBe(0);
      expect(ran.stdout).not.toMatch(raw);
      expect(ran.stdout).toContain(`d${shown}`);
    }
  });

  it.each([
    [['grant', `acme.album${'\u009b'}2J`, 'photos.read'], 2, '"acme.album\\x9b2J" is not an app id'],
    [['grant', 'acme.album', `photos.read\u202e`], 2, 'no scope "photos.read\\u202e" in the catalog'],
    [['grants', `a\u007fb`], 2, '"a\\x7fb" is not an app id'],
    [['audit', `--x\u001b[2J`], 2, "unknown option '--x\\x1b[2J'"],
    [['audit', '--status', `ok\u001b]0;t\u0007`], 2, "option '--status <status>' argument 'ok\\x1b]0;t\\x07' is invalid."],
    [['audit', '--limit', `1\r\u0085`], 2, "option '--limit <n>' argument '1\\r\\x85' is invalid."],
    [[`gr\u001b[1Aant`], 2, "unknown command 'gr\\x1b[1Aant'"],
  ])('%j → exit %i, one escaped line on stderr', async (argv, code, message) => {
    const ran = await xcap(...argv, '--data', await tempData());
    expect(ran.code).toBe(code);
    expect(ran.stderr).toMatch(/^xcap: [^\n]*\n$/);
    expect(ran.stderr).not.toMatch(raw);
    expect(ran.stderr).toContain(message);
  });

  it('a --data path that is a file, named with controls, is one escaped error line', async () => {
    const root = await mkdtemp(join(tmpdir(), 'xcap-term-'));
    temps.push(root);
    const file = join(root, `f${hostile}`);
    await writeFile(file, 'x');
    const ran = await xcap('grants', '--data', file);
    expect(ran).toEqual({ code: 2, stdout: '', stderr: `xcap: --data ${join(root, `f${shown}`)}: not a directory\n` });
  });

  it('a broken consent.json whose key has controls: the error line (file and pointer) is escaped', async () => {
    const data = await tempData();
    await mkdir(data, { recursive: true });
    await writeFile(dataPaths(data).consent, JSON.stringify({ [hostile]: { 'photos.read': 'maybe' } }));
    const ran = await xcap('grants', '--data', data);
    expect(ran.code).toBe(1);
    expect(ran.stderr).toMatch(/^xcap: [^\n]*\n$/);
    expect(ran.stderr).not.toMatch(raw);
    expect(ran.stderr).toContain(shown);
  });
});

describe('xcap grants: keys named __proto__', () => {
  it('an app and a scope named __proto__ are listed and printed as --json exactly', async () => {
    const data = await tempData();
    await mkdir(data, { recursive: true });
    const text = '{"__proto__": {"photos.read": "granted", "__proto__": "denied"}, "acme.album": {"__proto__": "granted"}}';
    await writeFile(dataPaths(data).consent, text);
    const list = await xcap('grants', '--data', data);
    expect(list).toEqual({ code: 0, stdout: '__proto__  __proto__  denied\n__proto__  photos.read  granted\nacme.album  __proto__  granted\n', stderr: '' });
    const json = await xcap('grants', '--json', '--data', data);
    expect(json.code).toBe(0);
    const parsed = JSON.parse(json.stdout) as Record<string, Record<string, string>>;
    expect(Object.keys(parsed)).toEqual(['__proto__', 'acme.album']);
    expect(Object.entries(parsed).map(([app, scopes]) => [app, Object.entries(scopes)])).toEqual([
      [
        '__proto__',
        [
          ['__proto__', 'denied'],
          ['photos.read', 'granted'],
        ],
      ],
      ['acme.album', [['__proto__', 'granted']]],
    ]);
    expect(json.stdout).toBe(
      `${JSON.stringify(JSON.parse(text.replace('"photos.read": "granted", "__proto__": "denied"', '"__proto__": "denied", "photos.read": "granted"')), null, 2)}\n`,
    );
  });
});
