import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Started, bridge, providerArgv } from './provider-fixture.js';

// The schema as @xcap/catalog publishes it (its `./provider-protocol.schema.json` export).
const schemaFile = createRequire(import.meta.url).resolve('@xcap/catalog/provider-protocol.schema.json');
const started = new Started();
afterEach(() => started.stop());

let validate: (ref: string, message: unknown) => string | null;
beforeAll(async () => {
  const schema = JSON.parse(await readFile(schemaFile, 'utf8')) as { $id: string };
  const ajv = new Ajv2020({ strict: true, strictRequired: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema(schema);
  validate = (ref, message) => {
    const check = ajv.getSchema(`${schema.$id}${ref}`);
    if (check === undefined) throw new Error(`no ${ref} in the schema`);
    return check(message) ? null : ajv.errorsText(check.errors);
  };
});

describe('the generated provider-protocol.schema.json (JSON Schema 2020-12, ajv strict; its strictRequired lint is off: an anyOf of required sets is standard JSON Schema)', () => {
  it('accepts sample messages of each kind and the whole-document union', () => {
    expect(validate('#/$defs/describeRequest', { jsonrpc: '2.0', id: 1, method: 'providers/describe', params: { protocolVersion: 1 } })).toBeNull();
    expect(
      validate('#/$defs/callRequest_share_send', {
        jsonrpc: '2.0',
        id: 2,
        method: 'providers/call',
        params: { capability: 'share', tool: 'send', input: { text: 'hi' } },
      }),
    ).toBeNull();
    expect(validate('#/$defs/callAnswer_photos_pick', { jsonrpc: '2.0', id: 2, result: { isError: 'unavailable' } })).toBeNull();
    expect(validate('#/$defs/cancelNotification', { jsonrpc: '2.0', method: 'providers/cancel', params: { id: 2 } })).toBeNull();
    expect(validate('#/$defs/errorAnswer', { jsonrpc: '2.0', id: 2, error: { code: -32000, message: 'failed' } })).toBeNull();
    expect(validate('', { jsonrpc: '2.0', id: 2, result: { structuredContent: { shared: true } } })).toBeNull();
  });

  it('refuses messages off the protocol: an input or output off its native schema, bad bytes, an empty isError, a wrong version', () => {
    expect(
      validate('#/$defs/callRequest_share_send', { jsonrpc: '2.0', id: 2, method: 'providers/call', params: { capability: 'share', tool: 'send', input: {} } }),
    ).toMatch(/anyOf/);
    expect(validate('#/$defs/callAnswer_share_send', { jsonrpc: '2.0', id: 2, result: { structuredContent: { shared: 'yes' } } })).toMatch(/must be boolean/);
    expect(validate('#/$defs/callAnswer_share_send', { jsonrpc: '2.0', id: 2, result: { isError: '' } })).not.toBeNull();
    const photo = { id: 'p', name: 'a.png', mimeType: 'image/png', takenAt: null, data: 'not base64!' };
    expect(validate('#/$defs/callAnswer_photos_pick', { jsonrpc: '2.0', id: 2, result: { structuredContent: { photos: [photo] } } })).toMatch(
      /must match pattern/,
    );
    expect(validate('#/$defs/describeRequest', { jsonrpc: '2.0', id: 1, method: 'providers/describe', params: { protocolVersion: 2 } })).toMatch(
      /must be equal to constant/,
    );
    expect(
      validate('#/$defs/describeAnswer', {
        jsonrpc: '2.0',
        id: 1,
        result: { protocolVersion: 1, provider: { name: 'x', version: '1' }, capabilities: { bluetooth: [] } },
      }),
    ).toMatch(/property name must be valid/);
    expect(validate('', { jsonrpc: '2.0', id: 'one', method: 'providers/describe', params: { protocolVersion: 1 } })).not.toBeNull();
  });

  it('every message the host and the Node reference provider exchange in a session validates', async () => {
    const dir = await started.dir();
    const record = join(dir, 'record.jsonl');
    const spawned = await started.spawn([providerArgv('--record', record)], { timeoutMs: 300 });
    await bridge(spawned, 'photos_pick', { limit: 2 });
    await bridge(spawned, 'photos_list', {});
    await bridge(spawned, 'photos_get', { id: 'p1' });
    await bridge(spawned, 'photos_get', { id: 'nope' });
    await bridge(spawned, 'files_open', {});
    await bridge(spawned, 'notifications_post', { title: 'Hi', at: '2026-07-28T10:00:00Z', screen: 'albums', params: { a: 1 } });
    await bridge(spawned, 'notifications_cancel', { id: 'n1' });
    await bridge(spawned, 'share_send', { text: 'rpc-error' });
    await bridge(spawned, 'share_send', { text: 'hang' }, 300);
    await new Promise((r) => setTimeout(r, 200));
    const lines = (await readFile(record, 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { dir: 'in' | 'out'; line: string });
    expect(lines.length).toBeGreaterThanOrEqual(18);
    const problems = lines
      .map((l) => ({ ...l, problem: validate(l.dir === 'in' ? '#/$defs/hostMessage' : '#/$defs/providerMessage', JSON.parse(l.line)) }))
      .filter((l) => l.problem !== null);
    expect(problems).toEqual([]);
    expect(lines.some((l) => l.dir === 'in' && l.line.includes('providers/cancel'))).toBe(true);
  });
});
