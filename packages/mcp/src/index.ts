/**
 * `@xcap/mcp`: the MCP face of any xcap host. Mounts a call path on an MCP
 * SDK v2 server for both protocol eras (2025-11-25 and 2026-07-28), asks
 * consent inside the agent's client (elicitation, `input_required`) and
 * serves Streamable HTTP behind token, Origin and Host checks. No stores, no
 * providers, no native modules.
 *
 * @packageDocumentation
 */
export {};
