import type { AuditStateChange } from '@xcap/call';

/** The one log line of an audit state change (`onAuditState`): when rows stop being committed, and when they are again. */
export function auditStateLine(change: AuditStateChange): string {
  const pending = `${change.pending} row(s) pending`;
  switch (change.state) {
    case 'suspended':
      return `xcap: the audit log cannot be written (${change.error ?? 'unknown error'}); refusing new calls (unavailable) until it can; ${pending}`;
    case 'failing':
      return `xcap: the audit log cannot be written (${change.error ?? 'unknown error'}); calls go on (auditFailure: ignore); ${pending}`;
    default:
      return `xcap: the audit log is writable again; serving calls; ${pending}`;
  }
}
