import type { JSONObject, Tool } from '@modelcontextprotocol/server';
import type { AgentTool } from '@xcap/broker';
import type { Schema } from '@xcap/catalog';

/**
 * One entry of the call path's `listTools()` as an MCP `Tool`: the same
 * name, description and the catalog's raw JSON Schemas (MCP requires an
 * object schema at the root; the catalog's tool schemas all are), and the
 * tool's `title` and `annotations` (the four MCP hints, from the tool table
 * beside the catalog) when the catalog has them. Both protocol eras list
 * the same entries.
 */
export function mcpTool(tool: AgentTool): Tool {
  return {
    name: tool.name,
    ...(tool.title === undefined ? {} : { title: tool.title }),
    description: tool.description,
    inputSchema: objectSchema(tool.inputSchema),
    outputSchema: objectSchema(tool.outputSchema),
    ...(tool.annotations === undefined ? {} : { annotations: { ...tool.annotations } }),
  };
}

function objectSchema(schema: Schema): Tool['inputSchema'] {
  // A JSON copy: the catalog's schemas are JSON data; the copy has the SDK's JSON types.
  const { type: _type, required: _required, ...rest } = JSON.parse(JSON.stringify(schema)) as JSONObject;
  return schema.required === undefined ? { ...rest, type: 'object' } : { ...rest, type: 'object', required: [...schema.required] };
}
