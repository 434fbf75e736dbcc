import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { MemoryAuditSink } from '@xcap/audit';
import { nodeProviderPath, tempDir } from '@xcap/test-support';
import { createNodeHost } from '../../src/create-node-host.js';

// A provider process behind the host: the shared 20 s is tight on a loaded 2-core machine.
vi.setConfig({ testTimeout: 60_000 });

const manifest = { id: 'acme.album', screens: ['albums'], capabilities: [{ id: 'photos.read', why: 'Show photos.' }] };

describe('a provider process that leaves native tools out of providers/describe', () => {
  it('is served: the tool it left out answers isError unavailable (audit status failed) without reaching it, the others work, one warning line', async () => {
    const dir = tempDir();
    const record = join(dir, 'record.jsonl');
    const command = [process.execPath, nodeProviderPath, '--capabilities', 'photos', '--omit', 'photos_get', '--record', record];
    const lines: string[] = [];
    const audit = new MemoryAuditSink();
    const host = await createNodeHost({
      manifest,
      dataDir: join(dir, 'data'),
      audit,
      providerCommands: [command],
      providerLog: (line) => lines.push(line),
      auditLog: () => undefined,
    });
    try {
      expect(lines).toEqual([`xcap: provider ${JSON.stringify(command.join(' '))} describes photos without photos_get: it answers unavailable`]);
      await host.grants.set('acme.album', 'photos.read', 'granted');
      const get = await host.callPath.call({ from: 'agent', name: 'photos__get', arguments: { id: 'p1' }, foreground: true, client: 'run-1' });
      expect(get).toMatchObject({ outcome: 'isError', result: { isError: true } });
      const list = await host.callPath.call({ from: 'agent', name: 'photos__list', arguments: {}, foreground: true, client: 'run-1' });
      expect(list.outcome).toBe('ok');
    } finally {
      await host.close();
    }
    // docs/catalog/broker-and-audit.md: an isError outcome is status failed.
    expect(audit.rows.map((r) => [r.tool, r.status])).toEqual([
      ['photos__get', 'failed'],
      ['photos__list', 'ok'],
    ]);
    const calls = (await readFile(record, 'utf8'))
      .split('\n')
      .filter((line) => line.includes('providers/call'))
      .map((line) => (JSON.parse((JSON.parse(line) as { line: string }).line) as { params: { tool: string } }).params.tool);
    expect(calls).toEqual(['list']);
  });
});
