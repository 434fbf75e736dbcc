/**
 * Emits `native/provider-protocol.schema.json`: one JSON Schema (2020-12)
 * of every message of the xcap provider protocol, version 1, for the
 * current catalog (docs/provider-protocol.md), so a provider in any
 * language can validate what it reads and writes. `$defs` holds each
 * message: `describeRequest`, `describeAnswer`, `callRequest_<tool>` (its
 * `params.input` is the tool's native input schema), `callAnswer_<tool>`
 * (`result` is `{structuredContent: <nativeOutputSchema>}` or
 * `{isError: "<reason>"}`), `cancelNotification`, `errorAnswer`, and the
 * unions `hostMessage` and `providerMessage`; the schema itself accepts
 * any of them. The catalog's own formats become standard keywords
 * (`base64`: `contentEncoding` and a pattern; `token`: a pattern), so no
 * validator needs custom formats.
 */
import type { Catalog, Schema } from '@xcap/catalog/core';
import { nativeInputSchema } from '@xcap/catalog/core';
import type { GeneratedFile } from './generated-file.js';

/** Where the schema goes in the output folder. */
export const providerProtocolSchemaPath = 'native/provider-protocol.schema.json';

/** The `$id` of the schema (version 1 of the protocol). */
export const providerProtocolSchemaId = 'urn:xcap:provider-protocol:1';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const base64Pattern = '^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$';
const tokenPattern = '^[A-Za-z0-9._-]{1,64}$';

/** A catalog schema in standard JSON Schema: `base64` and `token` formats turned into patterns. */
function standard(schema: Schema): Json {
  const out: { [key: string]: Json } = {};
  for (const [key, value] of Object.entries(schema) as [string, unknown][]) {
    if (key === 'format' && value === 'base64') {
      out.contentEncoding = 'base64';
      out.pattern = base64Pattern;
    } else if (key === 'format' && value === 'token') {
      out.pattern = tokenPattern;
    } else if (key === 'properties') {
      out.properties = Object.fromEntries(Object.entries(value as Record<string, Schema>).map(([k, v]) => [k, standard(v)]));
    } else if (key === 'items') {
      out.items = standard(value as Schema);
    } else {
      out[key] = value as Json;
    }
  }
  return out;
}

const id: Json = { type: 'integer', description: 'Chosen by the host.' };
const jsonrpc: Json = { const: '2.0' };

function request(method: string, params: Json, description: string): Json {
  return {
    type: 'object',
    description,
    properties: { jsonrpc, id, method: { const: method }, params },
    required: ['jsonrpc', 'id', 'method', 'params'],
    additionalProperties: false,
  };
}

function answer(result: Json, description: string): Json {
  return { type: 'object', description, properties: { jsonrpc, id, result }, required: ['jsonrpc', 'id', 'result'], additionalProperties: false };
}

/** The schema document for `catalog`. */
export function providerProtocolSchema(catalog: Catalog): Json {
  const defs: { [name: string]: Json } = {};
  const capabilities = catalog.capabilities.map((c) => c.name);
  const nativeTools = catalog.tools.filter((t) => t.runs === 'native' && t.nativeOutputSchema !== null);
  defs.describeRequest = request(
    'providers/describe',
    { type: 'object', properties: { protocolVersion: { const: 1 } }, required: ['protocolVersion'], additionalProperties: false },
    'Host → provider: what do you serve?',
  );
  defs.describeAnswer = answer(
    {
      type: 'object',
      properties: {
        protocolVersion: { const: 1 },
        provider: {
          type: 'object',
          properties: { name: { type: 'string' }, version: { type: 'string' } },
          required: ['name', 'version'],
          additionalProperties: false,
        },
        capabilities: {
          type: 'object',
          description: 'Every native tool (bare name) of each capability served; the catalog defines which.',
          propertyNames: { enum: capabilities },
          additionalProperties: { type: 'array', items: { type: 'string' }, uniqueItems: true },
        },
      },
      required: ['protocolVersion', 'provider', 'capabilities'],
      additionalProperties: false,
    },
    'Provider → host: the answer to providers/describe.',
  );
  for (const tool of nativeTools) {
    const capability = tool.name.slice(0, tool.name.indexOf('_'));
    const bare = tool.name.slice(capability.length + 1);
    defs[`callRequest_${tool.name}`] = request(
      'providers/call',
      {
        type: 'object',
        properties: { capability: { const: capability }, tool: { const: bare }, input: standard(nativeInputSchema(tool)) },
        required: ['capability', 'tool', 'input'],
        additionalProperties: false,
      },
      `Host → provider: call ${tool.name} with its native input.`,
    );
    defs[`callAnswer_${tool.name}`] = answer(
      {
        anyOf: [
          {
            type: 'object',
            properties: { structuredContent: standard(tool.nativeOutputSchema as Schema) },
            required: ['structuredContent'],
            additionalProperties: false,
          },
          { $ref: '#/$defs/isError' },
        ],
      },
      `Provider → host: the answer to a providers/call of ${tool.name}.`,
    );
  }
  defs.isError = {
    type: 'object',
    description: 'The native could not serve the call; the reason is the tool result\'s text (e.g. "unavailable").',
    properties: { isError: { type: 'string', minLength: 1 } },
    required: ['isError'],
    additionalProperties: false,
  };
  defs.cancelNotification = {
    type: 'object',
    description: 'Host → provider: the call with this id timed out; its answer is ignored (a provider may stop working on it).',
    properties: {
      jsonrpc,
      method: { const: 'providers/cancel' },
      params: { type: 'object', properties: { id }, required: ['id'], additionalProperties: false },
    },
    required: ['jsonrpc', 'method', 'params'],
    additionalProperties: false,
  };
  defs.errorAnswer = {
    type: 'object',
    description: "Provider → host: a JSON-RPC error; to providers/call it is a failed native (the bridge's rpcError outcome).",
    properties: {
      jsonrpc,
      id,
      error: {
        type: 'object',
        properties: { code: { type: 'integer' }, message: { type: 'string' }, data: true },
        required: ['code', 'message'],
        additionalProperties: false,
      },
    },
    required: ['jsonrpc', 'id', 'error'],
    additionalProperties: false,
  };
  const refs = (names: string[]): Json[] => names.map((n) => ({ $ref: `#/$defs/${n}` }));
  defs.hostMessage = { anyOf: refs(['describeRequest', ...nativeTools.map((t) => `callRequest_${t.name}`), 'cancelNotification']) };
  defs.providerMessage = { anyOf: refs(['describeAnswer', ...nativeTools.map((t) => `callAnswer_${t.name}`), 'errorAnswer']) };
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: providerProtocolSchemaId,
    title: 'xcap provider protocol, version 1',
    description:
      "Every message of the xcap provider protocol (JSON-RPC 2.0, one message per line over the provider process's stdio) for this catalog: see docs/provider-protocol.md. Validate a message the host sends against #/$defs/hostMessage, one a provider sends against #/$defs/providerMessage, or the answer to a call of a known tool against #/$defs/callAnswer_<tool>.",
    anyOf: refs(['hostMessage', 'providerMessage']),
    $defs: defs,
  };
}

/** The schema file. */
export function emitProviderProtocolSchema(catalog: Catalog): GeneratedFile {
  return { path: providerProtocolSchemaPath, content: `${JSON.stringify(providerProtocolSchema(catalog), null, 2)}\n` };
}
