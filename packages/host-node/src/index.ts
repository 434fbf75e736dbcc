/**
 * `@xcap/host-node`: the reference host for Node.js — durable stores (grants,
 * app files, a SQLite audit log), the native providers Node can offer, an MCP
 * server for agents and the `xcap` CLI, all over the one call path of
 * `@xcap/call`.
 * @packageDocumentation
 */
export {};
