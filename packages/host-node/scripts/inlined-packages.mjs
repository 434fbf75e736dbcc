/**
 * The third-party packages the `xcap` bundle holds (scripts/bundle-cli.mjs;
 * every other one loads from node_modules): the MCP SDK's server, which `xcap
 * serve` needs before its first answer, and its own dependencies. Also read by
 * bench/startup.bench.ts, which bundles the bare SDK server the same way to
 * show what xcap's own code costs.
 */
export const inlinedPackages = new Set(['@modelcontextprotocol/server', '@modelcontextprotocol/core', 'zod']);

/** node-resolve's options for them: the conditions Node's `import` uses, Node's built-ins first. */
export const inlinedResolveOptions = { exportConditions: ['node'], preferBuiltins: true };
