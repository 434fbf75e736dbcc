/**
 * The `ConsoleAsk.agentKey` of a request made by `client` — the audit
 * clientId the call path hands on (`ConsentRequest.client`,
 * `NativeContext.client`): itself when it is a string, `ui` for `null` (the
 * app's own UI), `unknown` when the call path hands none on.
 */
export function agentKeyOf(client: string | null | undefined): string {
  return typeof client === 'string' ? client : client === null ? 'ui' : 'unknown';
}
