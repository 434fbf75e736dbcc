/** JSON-RPC's InvalidParams code: MCP's answer to an agent's call of an unknown tool. */
export const invalidParamsCode = -32602;
