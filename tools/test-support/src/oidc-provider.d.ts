// oidc-provider ships no types (and @types/oidc-provider is not installed): the little the tests use of it.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  /** An oidc-provider instance (an OpenID Connect / OAuth 2.0 authorization server). */
  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    /** A `node:http` request listener serving every endpoint. */
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
  }
}
