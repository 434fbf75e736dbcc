import { Client } from '@modelcontextprotocol/client';
import { Server } from '@modelcontextprotocol/server';
import { scriptedAuditSink } from '@xcap/test-support';
import { describe, expect, it } from 'vitest';
import { mountCallPath, serveStdioCallPath, type RefusalAudit, type RefusedToolsCall } from '../src/index.js';
import { PipeClientTransport, pipes } from './support/pipe-pair.js';
import { testCallPath } from './support/test-call-path.js';

/** The test call path with `listTools` counted. */
function countingCallPath() {
  const { callPath } = testCallPath();
  const counted = { listed: 0 };
  const counting = { ...callPath, listTools: () => (counted.listed++, callPath.listTools()) };
  return { counting, counted };
}

describe('mountCallPath', () => {
  it('makes the MCP tool list at the first tools/list, not at the mount (over HTTP every request mounts on a server of its own)', () => {
    const { counting, counted } = countingCallPath();
    mountCallPath(new Server({ name: 'test', version: '1.0.0' }, { capabilities: { tools: {} } }), counting, { era: 'legacy' });
    mountCallPath(new Server({ name: 'test', version: '1.0.0' }, { capabilities: { tools: {} } }), counting, { era: 'modern' });
    expect(counted.listed).toBe(0);
  });

  it('makes it once per mount: a second tools/list answers the same tools without asking the call path again', async () => {
    const { counting, counted } = countingCallPath();
    const both = pipes();
    const served = serveStdioCallPath({ callPath: counting, serverInfo: { name: 'test', version: '1.0.0' }, input: both.toServer, output: both.toClient });
    const client = new Client({ name: 'agent', version: '1.0.0' });
    await client.connect(new PipeClientTransport(both));
    const first = await client.listTools();
    const second = await client.listTools();
    expect(counted.listed).toBe(1);
    expect(second.tools).toEqual(first.tools);
    expect(first.tools.map((tool) => tool.name)).toEqual(counting.listTools().map((tool) => tool.name));
    await client.close();
    await served.close();
  });

  it("hands the transport what it mounted (refusals): one audit that writes a refused request's row through this call path and run id", async () => {
    const host = testCallPath();
    const audits: ((call: RefusedToolsCall) => Promise<boolean>)[] = [];
    const refusals: RefusalAudit = { mounted: (audit) => void audits.push(audit), reached: () => undefined };
    mountCallPath(new Server({ name: 'test', version: '1.0.0' }, { capabilities: { tools: {} } }), host.callPath, {
      era: 'modern',
      clientId: 'run-1',
      refusals,
    });
    expect(audits).toHaveLength(1);
    await expect(audits[0]?.({ id: 1, name: 'photos__list', arguments: { limit: 1 }, reason: '-32602 Invalid _meta envelope' })).resolves.toBe(true);
    expect(host.audit.rows.map((r) => [r.clientId, r.tool, r.status, r.error])).toEqual([['run-1', 'photos__list', 'invalid', 'invalidParams']]);
  });

  it('the audit it hands over answers false when the row was not committed (the answer must fail closed)', async () => {
    const sink = scriptedAuditSink();
    const host = testCallPath(undefined, { sink });
    let audit: ((call: RefusedToolsCall) => Promise<boolean>) | undefined;
    mountCallPath(new Server({ name: 'test', version: '1.0.0' }, { capabilities: { tools: {} } }), host.callPath, {
      era: 'modern',
      clientId: 'run-1',
      refusals: { mounted: (given) => (audit = given), reached: () => undefined },
    });
    sink.down = true;
    await expect(audit?.({ id: 1, name: 'photos__list', arguments: {}, reason: '-32602 Invalid _meta envelope' })).resolves.toBe(false);
    await expect(audit?.({ id: 2, name: 'photos__nope', arguments: {}, reason: '-32602 Invalid _meta envelope' })).resolves.toBe(false);
    sink.down = false;
    await expect(audit?.({ id: 3, name: 'photos__nope', arguments: {}, reason: '-32602 Invalid _meta envelope' })).resolves.toBe(true);
  });
});
