/**
 * The tiny Java provider (examples/java-provider): compiled with javac into a
 * temporary folder and driven over stdio like the Python one — describe,
 * notifications_post/cancel checked against nativeOutputSchema, concurrent
 * calls, the JSON-RPC errors and the exit at the end of stdin. Skipped,
 * saying why, where javac is not on PATH.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectNativeOutput, nativeOutputValidators } from './native-schemas.js';
import { ProviderProcess } from './provider-process.js';
import { javaProviderDir, repoRoot } from './repo-paths.js';

// Child processes (xcap serve, SDK clients, providers): the shared 20 s is too short on a loaded 2-core machine.
vi.setConfig({ testTimeout: 60_000 });

const javac = spawnSync('javac', ['-version'], { encoding: 'utf8' });
const skipReason =
  javac.error !== undefined
    ? `javac is not on PATH (${javac.error.message}): the Java provider is not compiled here`
    : javac.status !== 0
      ? `javac -version exited with ${javac.status}`
      : undefined;
if (skipReason !== undefined) console.warn(`skipped: ${skipReason}`);

const validators = nativeOutputValidators();
const running: ProviderProcess[] = [];
let classes = '';

function start(): ProviderProcess {
  const provider = new ProviderProcess('java', ['-cp', classes, 'XcapProvider']);
  running.push(provider);
  return provider;
}

describe.skipIf(skipReason !== undefined)('java provider (compiled with javac)', () => {
  beforeAll(() => {
    classes = mkdtempSync(join(tmpdir(), 'xcap-java-provider-'));
    const compiled = spawnSync('javac', ['-Xlint:all', '-Werror', '-d', classes, join(repoRoot, javaProviderDir, 'XcapProvider.java')], { encoding: 'utf8' });
    expect(compiled.status, compiled.stderr).toBe(0);
  });

  afterEach(() => {
    for (const provider of running.splice(0)) {
      provider.kill();
      expect(provider.strayLines, provider.stderr).toEqual([]);
    }
  });

  afterAll(() => {
    if (classes !== '') rmSync(classes, { recursive: true, force: true });
  });

  it('describes notifications with exactly the catalog tools, protocol version 1', async () => {
    const provider = start();
    const answer = await provider.request('providers/describe', { protocolVersion: 1 });
    expect(answer.result).toEqual({
      protocolVersion: 1,
      provider: { name: 'xcap-java-example', version: '1.0.0' },
      capabilities: { notifications: ['cancel', 'post'] },
    });
  });

  it('post and cancel answer what nativeOutputSchema allows; cancel is true once, then false', async () => {
    const provider = start();
    const posted = await provider.call('notifications', 'post', {
      id: 'acme.album/n-1',
      title: 'Album ready — “ünïcode”',
      body: 'b',
      at: null,
      tap: { type: 'notificationTap', app: 'acme.album', screen: 'albums', params: { n: [1, 2.5, true, null] } },
    });
    expectNativeOutput(validators, 'notifications_post', posted.structuredContent);
    expect(await provider.waitForStderr('notification shown: acme.album/n-1')).toContain('notification shown: acme.album/n-1: Album ready — “ünïcode”');
    const cancelled = await provider.call('notifications', 'cancel', { id: 'acme.album/n-1' });
    expectNativeOutput(validators, 'notifications_cancel', cancelled.structuredContent);
    expect(cancelled.structuredContent).toEqual({ cancelled: true });
    expect((await provider.call('notifications', 'cancel', { id: 'acme.album/n-1' })).structuredContent).toEqual({ cancelled: false });
    expect(await provider.call('notifications', 'post', { id: 'acme.album/later', title: 't', body: null, at: '2999-01-01T00:00:00Z', tap: null })).toEqual({
      structuredContent: {},
    });
    expect(provider.stderr).not.toContain('acme.album/later');
    expect((await provider.call('notifications', 'cancel', { id: 'acme.album/later' })).structuredContent).toEqual({ cancelled: true });
    expect(await provider.call('notifications', 'post', { id: 'acme.album/x', title: 't', body: null, at: 'soon', tap: null })).toEqual({
      isError: 'invalidTime: soon',
    });
  });

  it('answers 50 concurrent calls, each by its own id', async () => {
    const provider = start();
    const ids = Array.from({ length: 50 }, (_, i) =>
      provider.send('providers/call', { capability: 'notifications', tool: 'cancel', input: { id: `acme.album/none-${i}` } }),
    );
    const answers = await Promise.all(ids.map((id) => provider.answer(id)));
    expect(answers.map((a) => a.result)).toEqual(ids.map(() => ({ structuredContent: { cancelled: false } })));
    expect([...provider.arrival].sort((a, b) => Number(a) - Number(b))).toEqual(ids);
  });

  it('-32601 for an unknown method, -32602 for bad params; ignores providers/cancel and non-JSON lines', async () => {
    const provider = start();
    provider.notify('providers/cancel', { id: 1 });
    provider.writeLine('not JSON');
    expect((await provider.request('providers/delete', {})).error?.code).toBe(-32601);
    expect((await provider.request('providers/describe', {})).error?.code).toBe(-32602);
    expect((await provider.request('providers/call', { capability: 'photos', tool: 'list', input: { limit: 1 } })).error?.code).toBe(-32602);
    expect((await provider.request('providers/call', { capability: 'notifications', tool: 'post', input: { id: 'a/b', title: 7 } })).error?.code).toBe(-32602);
    expect(provider.arrival).toHaveLength(4);
  });

  it('exits 0 when stdin ends', async () => {
    const provider = start();
    await provider.request('providers/describe', { protocolVersion: 1 });
    expect(await provider.end(10_000)).toBe(0);
  });
});
