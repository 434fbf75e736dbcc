/**
 * `@xcap/demo`: the xcap story end to end on the real Node host (`npm run demo`):
 * `xcap serve` as a child process, the official MCP SDK client as the agent.
 * @packageDocumentation
 */
export { runDemo, type DemoOptions, type DemoResult } from './run-demo.js';
export { albumBlocks, type AlbumPhoto } from './album-blocks.js';
export { DemoError } from './demo-error.js';
export { createSampleWorkspace, albumManifest, type SampleWorkspace } from './sample-workspace.js';
export { connectAgent, type AgentConnection } from './agent-connection.js';
export { runXcap, xcapBin, type XcapRun } from './xcap-command.js';
export { encodeJpeg, type JpegOptions } from './encode-jpeg.js';
