import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Schema } from '@xcap/catalog';
import type { AgentTool } from '@xcap/broker';

/**
 * One entry of the call path's `listTools()` as an MCP `Tool`: the same
 * name, description and the catalog's raw JSON Schemas (MCP requires an
 * object schema at the root; the catalog's tool schemas all are).
 */
export function mcpTool(tool: AgentTool): Tool {
  return { name: tool.name, description: tool.description, inputSchema: objectSchema(tool.inputSchema), outputSchema: objectSchema(tool.outputSchema) };
}

function objectSchema(schema: Schema): Tool['inputSchema'] {
  const { type: _type, required, ...rest } = schema;
  return required === undefined ? { ...rest, type: 'object' } : { ...rest, type: 'object', required: [...required] };
}
