import type { AuditQueueState } from './audit-queue.js';

/**
 * What the audit trail's state is, as the call path reports it:
 * `suspended` — a row could not be committed and the call path refuses new
 * calls `unavailable` (policy `suspend`); `failing` — the same under policy
 * `ignore`, where calls go on; `ok` — a write succeeded again.
 */
export type AuditState = 'ok' | 'suspended' | 'failing';

/** What `CallPathOptions.onAuditState` is told, once per change (not once per row). */
export interface AuditStateChange {
  /** The new state. */
  readonly state: AuditState;
  /** How many unwritten rows the call path holds now. */
  readonly pending: number;
  /** The failure that started it; `null` when the state is `ok` again. */
  readonly error: string | null;
}

/**
 * What the call path does while audit rows cannot be committed:
 * `suspend` (default, auditd's `disk_full_action=suspend`) refuses new calls
 * `unavailable` before anything runs, and a call whose own row was not
 * committed answers `unavailable: auditFailed` instead of its result;
 * `ignore` answers every call normally and only keeps the rows queued.
 */
export type AuditFailurePolicy = 'suspend' | 'ignore';

/** The policy a call path uses when `CallPathOptions.auditFailure` is absent. */
export const defaultAuditFailure: AuditFailurePolicy = 'suspend';

/** The text of a call whose own audit row could not be committed under policy `suspend` (isError). */
export const auditFailedText = 'unavailable: auditFailed';

/** The setup problems of the audit policy options (for `HostSetupError`): `auditFailure` and `onAuditState`. */
export function auditPolicyProblems(options: { readonly auditFailure?: unknown; readonly onAuditState?: unknown }): string[] {
  const problems: string[] = [];
  const policy = options.auditFailure;
  if (policy !== undefined && policy !== 'suspend' && policy !== 'ignore') problems.push('auditFailure: not "suspend" or "ignore"');
  if (options.onAuditState !== undefined && typeof options.onAuditState !== 'function') problems.push('onAuditState: not a function');
  return problems;
}

/**
 * The call path's audit state for its queue's: the queue knows only whether
 * the sink takes rows (`ok`/`failing`); the policy says what a failing sink
 * means for calls (`suspended` under `suspend`). The one place the two meet:
 * both `onAuditState` and `CallPath.auditState()` read it.
 */
export function auditStateFor(queue: AuditQueueState, policy: AuditFailurePolicy): AuditState {
  if (queue === 'ok') return 'ok';
  return policy === 'suspend' ? 'suspended' : 'failing';
}
