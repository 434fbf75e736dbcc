/**
 * `@xcap/wire`: the small pieces every xcap transport shares, with no
 * dependencies — a bounded line splitter and the id of a line too long to
 * parse, JSON-RPC ids, guards and error answers, a JSON-RPC peer that
 * correlates answers and honours `drain`, timeouts on an injectable
 * clock, and `LogLimiter`, a rate bound on repeated log lines.
 * @packageDocumentation
 */
export { BoundedLineSplitter } from './bounded-line-splitter.js';
export type { BoundedLineHandlers } from './bounded-line-handlers.js';
export { discardedHeadBytes } from './discarded-head-bytes.js';
export { topLevelId } from './top-level-id.js';
export type { JsonRpcId } from './json-rpc-id.js';
export type { JsonRpcErrorAnswer } from './json-rpc-error-answer.js';
export { errorAnswer } from './error-answer.js';
export { usableId } from './usable-id.js';
export { isObject } from './is-object.js';
export { JsonRpcPeer, type JsonRpcPeerOptions, type JsonRpcRequestOptions, type JsonRpcReceived, type JsonRpcAnswerErrorFields } from './json-rpc-peer.js';
export { maxTimerDelay } from './max-timer-delay.js';
export { timerDelay } from './timer-delay.js';
export type { Timers } from './timers.js';
export { realTimers } from './real-timers.js';
export { withTimeout } from './with-timeout.js';
export { resolvesWithin } from './resolves-within.js';
export { LogLimiter, type LogLimiterOptions } from './log-limiter.js';
