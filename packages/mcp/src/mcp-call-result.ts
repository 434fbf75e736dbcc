import type { CallToolResult } from '@modelcontextprotocol/server';
import type { CallResult } from '@xcap/catalog';

/**
 * The call path's MCP call result in the SDK's type: a success keeps its
 * text and `structuredContent` (which matches the tool's listed
 * `outputSchema`); an error or refusal is `{content, isError: true}` with NO
 * `structuredContent`, so the SDK client never checks it against the schema.
 */
export function mcpCallResult(result: CallResult): CallToolResult {
  const content = [{ type: 'text' as const, text: result.content[0].text }];
  if (result.isError === true) return { content, isError: true };
  return { content, structuredContent: result.structuredContent };
}
