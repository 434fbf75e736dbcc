/**
 * Why a native served by a provider process rejected (the bridge turns the
 * rejection into its `rpcError` outcome): the provider answered a JSON-RPC
 * `error`, exited with the call in flight, sent an answer over the line
 * limit, was stopped, or (after the bridge's own timeout) never answered.
 */
export class ProviderCallError extends Error {
  /** The JSON-RPC error code the provider answered, when it answered one. */
  readonly code: number | undefined;

  constructor(message: string, code?: number) {
    super(message);
    this.name = 'ProviderCallError';
    this.code = code;
  }
}
