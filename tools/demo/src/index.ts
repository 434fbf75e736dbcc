/**
 * `@xcap/demo`: the xcap story end to end on the real Node host (`npm run demo`):
 * `xcap serve` as a child process, the official MCP SDK v2 client as the agent
 * (pinned to the 2026-07-28 protocol, consent answered in the client).
 * @packageDocumentation
 */
export { runDemo, type DemoOptions, type DemoResult } from './run-demo.js';
export { albumBlocks, type AlbumPhoto } from './album-blocks.js';
export { DemoError } from './demo-error.js';
export { createSampleWorkspace, albumManifest, type SampleWorkspace } from './sample-workspace.js';
export { connectAgent, demoProtocolVersion, type AgentConnection, type ElicitQuestion } from './agent-connection.js';
export { chooseInForm, describeForm, formFields, type FormChoice, type FormField } from './consent-form-answer.js';
export { runXcap, xcapBin, type XcapRun } from './xcap-command.js';
export { answerInConsole, type ConsoleAnswers } from './answer-in-console.js';
export { encodeJpeg, type JpegOptions } from './encode-jpeg.js';
