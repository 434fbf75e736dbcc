/**
 * `@xcap/provider-protocol`: providers in any language. Spawns a provider
 * process, speaks the xcap provider protocol (JSON-RPC 2.0 over its
 * stdio, one message per line), checks what it describes against the
 * catalog and hands the call path ordinary natives.
 *
 * @packageDocumentation
 */
export {};
