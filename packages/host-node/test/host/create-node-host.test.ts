import { existsSync } from 'node:fs';
import { mkdtemp, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalog, type JsonObject } from '@xcap/catalog';
import { MemoryAuditSink } from '@xcap/audit';
import { HostSetupError } from '@xcap/call';
import { fakeProviders } from '@xcap/host-testing';
import { createNodeHost } from '../../src/create-node-host.js';
import { ManifestError } from '../../src/manifest/manifest-error.js';
import { SqliteAuditSink } from '@xcap/store-local';

const manifest = {
  id: 'acme.album',
  screens: ['albums'],
  capabilities: [
    { id: 'photos.read', why: 'Pick photos.' },
    { id: 'print.pdf', why: 'Make a PDF.' },
  ],
};
const tempDir = () => mkdtemp(join(tmpdir(), 'xcap-host-'));

describe('createNodeHost', () => {
  it('opens the stores in the data dir and serves calls through the call path; one row per call lands in audit.sqlite', async () => {
    const data = join(await tempDir(), 'data');
    const host = await createNodeHost({ manifest, dataDir: data, foreground: true });
    expect((await stat(data)).mode & 0o777).toBe(0o700);
    expect(host.paths.dir).toBe(data);
    expect(host.provided).toEqual(['print']);
    expect(host.callPath.listTools().map((t) => t.name)).toEqual(['print__pdf', 'print__print']);
    const pdf = await host.callPath.call({
      from: 'agent',
      name: 'print__pdf',
      arguments: { title: 'T', blocks: [{ text: 'hi' }] },
      foreground: host.foreground,
      client: 'run-1',
    });
    expect(pdf.outcome).toBe('ok');
    const photos = await host.callPath.call({ from: 'agent', name: 'photos__list', arguments: {}, foreground: true, client: 'run-1' });
    expect(photos.verdict.verdict).toBe('unavailable');
    await host.close();
    await host.close();
    const sink = new SqliteAuditSink(host.paths.audit);
    expect(sink.query({}).map((r) => [r.clientId, r.tool, r.status, r.error])).toEqual([
      ['run-1', 'photos__list', 'denied', 'unavailable'],
      ['run-1', 'print__pdf', 'ok', null],
    ]);
    sink.close();
    expect(existsSync(host.paths.files)).toBe(true);
  });

  it('a bad manifest is a ManifestError naming every JSON pointer, and nothing is created', async () => {
    const data = join(await tempDir(), 'data');
    const error = await createNodeHost({ manifest: { id: 'acme.album', screens: 'x', capabilities: [{ id: 'photos.read' }] }, dataDir: data }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ManifestError);
    expect((error as ManifestError).problems).toEqual(['/screens: not an array', '/capabilities/0: missing key "why"']);
    expect(existsSync(data)).toBe(false);
  });

  it('takes its own natives and stores; a setup the call path refuses is its HostSetupError', async () => {
    const data = join(await tempDir(), 'data');
    const audit = new MemoryAuditSink();
    let closed = 0;
    const natives = {
      providers: fakeProviders(catalog, ['photos'], (_tool, input: JsonObject) => ({ structuredContent: { photos: [], cursor: null, seen: input } })),
      provided: ['photos'],
      close: () => void closed++,
    };
    const host = await createNodeHost({ manifest, dataDir: data, natives, audit });
    await host.grants.set('acme.album', 'photos.read', 'granted');
    const answer = await host.callPath.call({ from: 'agent', name: 'photos__list', arguments: {}, foreground: false, client: 'run-2' });
    expect(answer.outcome).toBe('isError');
    expect(audit.rows).toHaveLength(1);
    await host.close();
    expect(closed).toBe(1);
    expect(existsSync(join(data, 'audit.sqlite'))).toBe(false);

    const refused = await createNodeHost({ manifest, dataDir: data, natives: { providers: {}, provided: ['windows'] }, audit }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(HostSetupError);
    expect((refused as HostSetupError).problems).toEqual(['provided/0: "windows" is provided only by host "ede" (this host is unnamed)']);
  });
});
