/**
 * The isError reasons the bridge itself answers with (besides the spec's
 * `invalidParams: …`, `notFound: <fileId>`, `badResult: …`, `unavailable`
 * and `unsupportedFile`). Each is one short word: no stack trace and no
 * message of the native or the store ever reaches the app.
 */
export const bridgeReasons = {
  /** The native threw or rejected (outcome `rpcError`). */
  rpcError: 'rpcError',
  /** The native did not answer within `timeoutMs` (outcome `timeout`). */
  timeout: 'timeout',
  /** No native provider is connected for a native tool (outcome `unreachable`). */
  unreachable: 'unreachable',
  /** The blob store threw, rejected or answered something unusable (outcome `isError`). */
  storeFailed: 'storeFailed',
  /** The native set `isError` to something other than a non-empty string (outcome `isError`). */
  nativeError: 'nativeError',
  /** The PDF writer failed unexpectedly (outcome `isError`). */
  renderFailed: 'renderFailed',
  /** A fault inside the bridge itself; never expected (outcome `isError`). */
  internalError: 'internalError',
} as const;
