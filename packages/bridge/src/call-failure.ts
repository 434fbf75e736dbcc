import type { CallFailure } from '@xcap/catalog';

/** The MCP result of a call that failed: the reason as its only text, `isError: true`. */
export function callFailure(reason: string): CallFailure {
  return { content: [{ type: 'text', text: reason }], isError: true };
}
