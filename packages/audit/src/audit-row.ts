/** How a call ended, in audit.json's words. */
export type AuditStatus = 'ok' | 'failed' | 'invalid' | 'upstream' | 'denied';

/** One audit row (audit.json's shape): every call writes exactly one, refusals included. */
export interface AuditRow {
  /** The package id of the app. */
  readonly appId: string;
  /** `ui` for app UI, else the agent's run id. */
  readonly clientId: string;
  /** The qualified tool name `<capability>__<tool>`, for UI and agent calls alike. */
  readonly tool: string;
  readonly status: AuditStatus;
  /** The refusal's reason, `invalidParams`, or the upstream outcome; `null` for ok and failed. */
  readonly error: string | null;
  /** `sha256:<hex>` of the arguments' canonical JSON. */
  readonly argsHash: string;
}
