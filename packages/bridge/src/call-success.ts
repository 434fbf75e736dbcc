import type { CallSuccess, JsonObject } from '@xcap/catalog';

/** The MCP result of a call that succeeded: the structured content and the same as JSON text. */
export function callSuccess<T extends JsonObject>(structuredContent: T): CallSuccess<T> {
  return { content: [{ type: 'text', text: JSON.stringify(structuredContent) }], structuredContent };
}
