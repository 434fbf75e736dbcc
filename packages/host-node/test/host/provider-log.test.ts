import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { tempDir } from '@xcap/test-support';
import { createNodeHost } from '../../src/create-node-host.js';

// A provider process and 45,000 lines through the host: the shared 20 s is tight on a loaded 2-core machine.
vi.setConfig({ testTimeout: 60_000 });

const junkLines = 20_000;
const stderrLines = 20_000;
const methods = 5_000;

/**
 * A provider that describes `share`, then — at its first start only (`started` is made then) — writes a stderr
 * line with U+202E and a stdout line with U+2067/U+200F, and with `flood` also `junkLines` stdout lines that are
 * not JSON, `methods` notifications of distinct methods and `stderrLines` stderr lines; then it exits, so the
 * host's `ended (…)` line tells the test that everything before was read.
 */
function provider(started: string, flood: boolean): string {
  return `
const { existsSync, writeFileSync } = require('node:fs');
const { createInterface } = require('node:readline');
createInterface({ input: process.stdin }).on('line', (line) => {
  const message = JSON.parse(line);
  if (message.method !== 'providers/describe') return;
  const result = { protocolVersion: 1, provider: { name: 'flood', version: '1.0.0' }, capabilities: { share: ['send'] } };
  process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: message.id, result }) + '\\n');
  if (existsSync(${JSON.stringify(started)})) return;
  writeFileSync(${JSON.stringify(started)}, '');
  process.stderr.write('invoice \\u202egpj.exe\\n');
  process.stdout.write('junk-first \\u2067x\\u200f\\n');
  if (${String(flood)}) {
    let junk = '';
    for (let i = 0; i < ${junkLines}; i++) junk += 'junk ' + i + '\\n';
    for (let i = 0; i < ${methods}; i++) junk += JSON.stringify({ jsonrpc: '2.0', method: 'spam/' + i }) + '\\n';
    process.stdout.write(junk);
    let noise = '';
    for (let i = 0; i < ${stderrLines}; i++) noise += 'noise ' + i + '\\n';
    process.stderr.write(noise);
  }
  process.exit(0);
});
`;
}

/** Opens a host serving `provider(…, flood)`, waits until the provider's exit was logged, closes the host; answers its provider lines. */
async function providerLines(flood: boolean): Promise<string[]> {
  const dir = tempDir();
  const script = join(dir, 'provider.cjs');
  writeFileSync(script, provider(join(dir, 'started'), flood));
  const lines: string[] = [];
  const host = await createNodeHost({
    manifest: { id: 'acme.flood', screens: ['main'], capabilities: [] },
    dataDir: join(dir, 'data'),
    providerCommands: [[process.execPath, script]],
    providerLog: (line) => lines.push(line),
    auditLog: () => undefined,
  });
  try {
    expect(await until(() => lines.some((l) => l.startsWith('[provider node] ended (')), 30_000)).toBe(true);
  } finally {
    await host.close();
  }
  return lines;
}

/** Waits until `check()` holds, looking every 20 ms, at most `ms`. */
async function until(check: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  return check();
}

/** The count each "N similar line(s) suppressed" line of `lines` reports, summed. */
function suppressed(lines: readonly string[]): number {
  return lines.map((line) => /(\d+) similar line\(s\) suppressed/.exec(line)?.[1]).reduce((sum, n) => sum + (n === undefined ? 0 : Number(n)), 0);
}

describe('the provider lines of a host', () => {
  it('stay bounded under a flood of junk stdout, distinct notifications and stderr, and say how many were suppressed', async () => {
    const lines = await providerLines(true);
    const flooded = junkLines + methods + stderrLines + 2;
    const shown = lines.filter((l) => /junk|spam\/|noise \d|gpj\.exe/.test(l)).length;
    expect(lines.length).toBeLessThanOrEqual(200);
    // Each kind says how many it held back. (The host drops what the provider wrote just before it exited and
    // was not read yet, so not all of the flood need be counted: the limiter's own tests count every line.)
    expect(lines.filter((l) => /^\[provider node\] ignored stdout: … \d+ similar line\(s\) suppressed$/.test(l))).not.toEqual([]);
    expect(lines.filter((l) => /^\[provider node\] stderr: … \d+ similar line\(s\) suppressed$/.test(l))).not.toEqual([]);
    expect(shown + suppressed(lines)).toBeGreaterThan(flooded / 2);
    expect(shown + suppressed(lines)).toBeLessThanOrEqual(flooded);
  });

  it('escape the bidi controls of a provider stderr line (U+202E shows as \\u202e) and of quoted stdout', async () => {
    const lines = await providerLines(false);
    expect(lines.find((l) => l.includes('gpj.exe'))).toBe('[provider node] invoice \\u202egpj.exe');
    expect(lines.find((l) => l.includes('junk-first'))).toMatch(/junk-first \\u2067x\\u200f$/);
    expect(lines.join('\n')).not.toMatch(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
  });
});
