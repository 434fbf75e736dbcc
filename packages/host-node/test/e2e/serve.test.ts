import { ProtocolError } from '@modelcontextprotocol/client';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { dataPaths, FileBlobStore } from '@xcap/store-local';
import { catalog } from '@xcap/catalog';
import { connectAgent, requireBuilt, runXcap, workspace, xcapBin } from './xcap-process.js';

// Child processes (xcap serve, SDK clients, providers): the shared 20 s is too short on a loaded 2-core machine.
vi.setConfig({ testTimeout: 60_000 });

beforeAll(requireBuilt);

const denied = (reason: string) => ({ content: [{ type: 'text', text: `denied: ${reason}` }], isError: true });

/** A tool result without the modern era's `_meta` (the server's info), so both eras compare alike. */
const plain = (result: object) => {
  const { _meta: _m, ...rest } = result as Record<string, unknown>;
  return rest;
};

interface AuditJsonRow {
  readonly appId: string;
  readonly clientId: string;
  readonly tool: string;
  readonly status: string;
  readonly error: string | null;
  readonly argsHash: string;
  readonly at: string;
}

async function auditRows(data: string): Promise<AuditJsonRow[]> {
  const run = await runXcap(['audit', '--json', '--limit', '1000', '--data', data]);
  expect(run.code).toBe(0);
  return (JSON.parse(run.stdout) as AuditJsonRow[]).reverse();
}

describe.each(['legacy', 'modern'] as const)('xcap serve with the official v2 SDK client over stdio, %s era', (era) => {
  it('lists tools, refuses undecided in the background, serves granted, asks consent in the client, -32602 for unknown; one audit row per request', async () => {
    const ws = await workspace();
    const serveArgs = ['--manifest', ws.manifest, '--data', ws.data, '--photos', ws.photos];

    // Run 1: background. The scope is undecided, then granted with `xcap grant` while the server runs.
    const agent = await connectAgent(serveArgs, { era });
    expect(agent.client.getProtocolEra()).toBe(era);
    const { tools } = await agent.client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['photos__get', 'photos__list', 'photos__pick', 'print__pdf', 'print__print']);
    expect(agent.stderr()).toContain('background');
    expect(plain(await agent.client.callTool({ name: 'photos__list', arguments: {} }))).toEqual(denied('consentNeeded'));
    expect(plain(await agent.client.callTool({ name: 'print__pdf', arguments: { title: 'x', blocks: [{ text: 'x' }] } }))).toEqual(denied('needsForeground'));
    const granted = await runXcap(['grant', 'acme.album', 'photos.read', '--data', ws.data]);
    expect(granted).toEqual({ code: 0, stdout: 'acme.album photos.read granted\n', stderr: '' });
    const listed = await agent.client.callTool({ name: 'photos__list', arguments: { limit: 10 } });
    const photos = (listed.structuredContent as { photos: { id: string; name: string }[] }).photos;
    expect(photos.map((p) => p.name)).toEqual(['Sunset.png', 'Forest walk.png', 'Lake at dawn.png']);
    const picked = await agent.client.callTool({ name: 'photos__pick', arguments: { limit: 2 } });
    const pickedPhotos = (picked.structuredContent as { photos: { fileId: string; size: number }[] }).photos;
    expect(pickedPhotos).toHaveLength(2);
    const unknown = await agent.client.callTool({ name: 'photos__delete', arguments: { id: 'x' } }).catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(ProtocolError);
    expect((unknown as ProtocolError).code).toBe(-32602);
    expect((unknown as ProtocolError).message).toBe('Unknown tool: photos__delete');
    await agent.client.close();

    // Run 2: foreground with elicitation, after a revoke: the person allows in the agent client.
    expect((await runXcap(['revoke', 'acme.album', 'photos.read', '--data', ws.data])).code).toBe(0);
    const allow = await connectAgent([...serveArgs, '--foreground', '--consent', 'elicit'], {
      era,
      elicit: () => ({ action: 'accept', content: { answer: 'allow' } }),
    });
    expect(allow.runId).not.toBe(agent.runId);
    const afterAllow = await allow.client.callTool({ name: 'photos__get', arguments: { id: photos[0]?.id ?? '' } });
    expect(afterAllow.isError).toBeFalsy();
    // The form names the agent (its clientInfo), the app, the sheet, the tool in the catalog's words and the call's arguments.
    const getDescription = catalog.tools.find((tool) => tool.name === 'photos_get')?.description ?? '';
    expect(allow.elicited).toEqual([
      `e2e-agent 1.0.0 asks, for the app acme.album: Photos: This app wants to access your photos. Pick the photos for your album.\nTool: photos_get (${getDescription}).\nArguments: id: ${photos[0]?.id ?? ''}.`,
    ]);
    // The blobs picked in run 1 survived the restart: print_pdf lays them out.
    const pdf = await allow.client.callTool({
      name: 'print__pdf',
      arguments: { title: 'Album', name: 'album.pdf', blocks: pickedPhotos.map((p) => ({ image: p.fileId })) },
    });
    const pdfFile = (pdf.structuredContent as { file: { fileId: string; size: number } }).file;
    expect(pdfFile.size).toBeGreaterThan(1000);
    await allow.client.close();

    // Run 3: foreground, the person declines: consentNeeded, nothing stored.
    expect((await runXcap(['revoke', 'acme.album', 'photos.read', '--data', ws.data])).code).toBe(0);
    const decline = await connectAgent([...serveArgs, '--foreground', '--consent', 'elicit'], { era, elicit: () => ({ action: 'decline' }) });
    expect(plain(await decline.client.callTool({ name: 'photos__pick', arguments: {} }))).toEqual(denied('consentNeeded'));
    expect(decline.elicited).toHaveLength(1);
    await decline.client.close();
    expect(JSON.parse((await runXcap(['grants', '--json', '--data', ws.data])).stdout)).toEqual({});

    // The SQLite log holds exactly one row per tools/call request, in order, with each run's id. On the
    // modern era the round answered input_required is a request of its own: denied/consentNeeded, then its retry.
    const asked = (runId: string, tool: string) => (era === 'modern' ? [[runId, tool, 'denied', 'consentNeeded']] : []);
    const rows = await auditRows(ws.data);
    expect(rows.map((r) => [r.clientId, r.tool, r.status, r.error])).toEqual([
      [agent.runId, 'photos__list', 'denied', 'consentNeeded'],
      [agent.runId, 'print__pdf', 'denied', 'needsForeground'],
      [agent.runId, 'photos__list', 'ok', null],
      [agent.runId, 'photos__pick', 'ok', null],
      [agent.runId, 'photos__delete', 'denied', 'unknownTool'],
      ...asked(allow.runId, 'photos__get'),
      [allow.runId, 'photos__get', 'ok', null],
      [allow.runId, 'print__pdf', 'ok', null],
      ...asked(decline.runId, 'photos__pick'),
      [decline.runId, 'photos__pick', 'denied', 'consentNeeded'],
    ]);
    expect(new Set(rows.map((r) => r.appId))).toEqual(new Set(['acme.album']));

    // Files survive: every app file is readable from a fresh store with its size.
    const blobs = new FileBlobStore(dataPaths(ws.data).files);
    for (const file of [...pickedPhotos, pdfFile]) expect((await blobs.get('acme.album', file.fileId))?.bytes.length).toBe(file.size);
  });

  it('a grant given through the client survives a restart (background run, the other era, sees it)', async () => {
    const ws = await workspace();
    const serveArgs = ['--manifest', ws.manifest, '--data', ws.data, '--photos', ws.photos];
    const first = await connectAgent([...serveArgs, '--foreground', '--consent', 'elicit'], {
      era,
      elicit: () => ({ action: 'accept', content: { answer: 'allow' } }),
    });
    expect((await first.client.callTool({ name: 'photos__list', arguments: {} })).isError).toBeFalsy();
    await first.client.close();
    const second = await connectAgent(serveArgs, { era: era === 'modern' ? 'legacy' : 'modern' });
    expect((await second.client.callTool({ name: 'photos__list', arguments: {} })).isError).toBeFalsy();
    await second.client.close();
    expect(JSON.parse((await runXcap(['grants', 'acme.album', '--json', '--data', ws.data])).stdout)).toEqual({ 'acme.album': { 'photos.read': 'granted' } });
  });
});

describe('xcap serve over stdio, either era', () => {
  it('the v1 SDK client (1.32) still works: lists, calls, -32602 for an unknown tool', async () => {
    const ws = await workspace();
    expect((await runXcap(['grant', 'acme.album', 'photos.read', '--data', ws.data])).code).toBe(0);
    const { Client: V1Client } = await import('@modelcontextprotocol/sdk/client/index.js');
    const { StdioClientTransport: V1Transport } = await import('@modelcontextprotocol/sdk/client/stdio.js');
    const client = new V1Client({ name: 'v1-agent', version: '1.0.0' });
    await client.connect(
      new V1Transport({
        command: process.execPath,
        args: [xcapBin, 'serve', '--manifest', ws.manifest, '--data', ws.data, '--photos', ws.photos],
        stderr: 'ignore',
      }),
    );
    try {
      expect((await client.listTools()).tools.map((t) => t.name)).toContain('photos__list');
      const listed = await client.callTool({ name: 'photos__list', arguments: { limit: 1 } });
      expect((listed.structuredContent as { photos: unknown[] }).photos).toHaveLength(1);
      const unknown = await client.callTool({ name: 'photos__delete', arguments: {} }).catch((e: unknown) => e);
      expect((unknown as { code?: unknown }).code).toBe(-32602);
    } finally {
      await client.close();
    }
    expect((await auditRows(ws.data)).map((r) => [r.tool, r.status])).toEqual([
      ['photos__list', 'ok'],
      ['photos__delete', 'denied'],
    ]);
  });

  it('stdin closed right after a burst of requests: every call is answered and audited, then exit 0', async () => {
    const ws = await workspace();
    const { spawn } = await import('node:child_process');
    const child = spawn(process.execPath, [xcapBin, 'serve', '--manifest', ws.manifest, '--data', ws.data, '--photos', ws.photos], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const lines = [
      { jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'burst', version: '1' } } },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      ...Array.from({ length: 20 }, (_, i) => ({
        jsonrpc: '2.0',
        id: i + 1,
        method: 'tools/call',
        params: { name: i % 5 === 4 ? 'nope__x' : 'photos__list', arguments: {} },
      })),
    ];
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stdin.end(lines.map((line) => JSON.stringify(line)).join('\n') + '\n');
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    const answers = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: number; error?: { code: number } });
    expect(answers.map((a) => a.id).sort((a, b) => a - b)).toEqual(Array.from({ length: 21 }, (_, i) => i));
    expect(answers.filter((a) => a.error?.code === -32602)).toHaveLength(4);
    expect(await auditRows(ws.data)).toHaveLength(20);
  });

  it('SIGTERM: the calls in flight still answer, every answered call has its row, exit 0', async () => {
    const ws = await workspace();
    const { spawn } = await import('node:child_process');
    const child = spawn(process.execPath, [xcapBin, 'serve', '--manifest', ws.manifest, '--data', ws.data, '--photos', ws.photos], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const send = (message: object) => child.stdin.write(`${JSON.stringify(message)}\n`);
    send({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'term', version: '1' } },
    });
    while (!stdout.includes('\n')) await new Promise((resolve) => setTimeout(resolve, 10));
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    for (let id = 1; id <= 30; id++) send({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'photos__list', arguments: {} } });
    await new Promise((resolve) => setTimeout(resolve, 20));
    child.kill('SIGTERM');
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    const answered = stdout
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { id: number }).id)
      .filter((id) => id > 0);
    expect(answered.length).toBeGreaterThan(0);
    expect(new Set(answered).size).toBe(answered.length);
    expect(await auditRows(ws.data)).toHaveLength(answered.length);
  });

  it('a bad manifest exits non-zero with the JSON pointer before serving anything', async () => {
    const ws = await workspace();
    const { writeFile } = await import('node:fs/promises');
    await writeFile(ws.manifest, JSON.stringify({ id: 'acme.album', screens: [], capabilities: [{ id: 'photo.read', why: 'x' }] }));
    const run = await runXcap(['serve', '--manifest', ws.manifest, '--data', ws.data]);
    expect(run).toEqual({ code: 2, stdout: '', stderr: `xcap: invalid manifest ${ws.manifest}: /capabilities/0/id: no scope "photo.read" in the catalog\n` });
  });
});
