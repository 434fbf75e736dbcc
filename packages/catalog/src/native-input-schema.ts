/**
 * The shapes the bridge hands a native provider, declared once as data:
 * codegen turns them into the `…NativeInput` types and the Swift/Kotlin
 * types, and conformance suites draw sample inputs from them. A tool that is
 * not listed here gets its validated arguments (defaults filled in).
 */
import type { Schema, ToolDef } from './catalog-types.js';

/** A property copied from the tool's own input schema (`{ fromInput: "title" }`). */
export interface FromInput {
  readonly fromInput: string;
}

/** A native input shape: like a Schema, but a property may reference the input schema. */
export interface NativeShape {
  readonly type: 'object';
  readonly properties: { readonly [name: string]: Schema | FromInput };
  readonly required: readonly string[];
  readonly additionalProperties: false;
  readonly anyOf?: readonly { readonly required: readonly string[] }[];
}

const fileBytes: Schema = {
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 255 },
    mimeType: { type: 'string', minLength: 1, maxLength: 100 },
    data: { type: 'string', format: 'base64' },
  },
  required: ['name', 'mimeType', 'data'],
  additionalProperties: false,
};

const appScopedId: Schema = { type: 'string', minLength: 3, maxLength: 330 };

/** The bridge's mapping rules as shapes (THE BRIDGE, step 2). */
export const nativeInputShapes: { readonly [tool: string]: NativeShape } = {
  files_save: { type: 'object', properties: fileBytes.properties ?? {}, required: ['name', 'mimeType', 'data'], additionalProperties: false },
  share_send: {
    type: 'object',
    properties: { title: { fromInput: 'title' }, text: { fromInput: 'text' }, url: { fromInput: 'url' }, file: fileBytes },
    required: [],
    additionalProperties: false,
    anyOf: [{ required: ['text'] }, { required: ['url'] }, { required: ['file'] }],
  },
  print_print: {
    type: 'object',
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 255 },
      mimeType: { type: 'string', enum: ['application/pdf', 'image/png', 'image/jpeg'] },
      data: { type: 'string', format: 'base64' },
    },
    required: ['name', 'mimeType', 'data'],
    additionalProperties: false,
  },
  notifications_post: {
    type: 'object',
    properties: {
      id: appScopedId,
      title: { fromInput: 'title' },
      body: { type: ['string', 'null'], maxLength: 1000 },
      at: { type: ['string', 'null'], format: 'date-time' },
      tap: {
        type: ['object', 'null'],
        properties: {
          type: { type: 'string', enum: ['notificationTap'] },
          app: { type: 'string', minLength: 1 },
          screen: { type: 'string', minLength: 1, maxLength: 100 },
          params: { type: 'object' },
        },
        required: ['type', 'app', 'screen', 'params'],
        additionalProperties: false,
      },
    },
    required: ['id', 'title', 'body', 'at', 'tap'],
    additionalProperties: false,
  },
  notifications_cancel: {
    type: 'object',
    properties: { id: appScopedId },
    required: ['id'],
    additionalProperties: false,
  },
};

/**
 * The JSON Schema of what the native provider of `tool` receives: the
 * mapped shape for tools the bridge maps, else the input schema with every
 * defaulted top-level property required (the bridge fills defaults in).
 */
export function nativeInputSchema(tool: ToolDef): Schema {
  const shape = nativeInputShapes[tool.name];
  const input = tool.inputSchema;
  if (!shape) {
    const defaulted = Object.entries(input.properties ?? {})
      .filter(([, s]) => s.default !== undefined)
      .map(([k]) => k);
    return defaulted.length ? { ...input, required: [...new Set([...(input.required ?? []), ...defaulted])] } : input;
  }
  const properties: { [name: string]: Schema } = {};
  for (const [name, prop] of Object.entries(shape.properties)) {
    if ('fromInput' in prop) {
      const source = input.properties?.[prop.fromInput];
      if (source) properties[name] = source;
    } else {
      properties[name] = prop;
    }
  }
  return { ...shape, properties };
}
