import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Catalog } from '@xcap/catalog';
import { parseToolName } from '@xcap/broker';
import type { AuditStatus } from '@xcap/audit';
import type { AuditState } from '@xcap/call';
import type { ConsentMode } from '../consent/consent-mode.js';
import type { HostObserver, ObservedHost } from '../observe/host-observer.js';

/** The tool label of a name that is not a tool of the catalog (keeps the label set bounded). */
export const unknownToolLabel = 'unknown';

/** The buckets of `xcap_call_duration_seconds`: a fast native's milliseconds up to a picker's minutes. */
const callBuckets = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 150];

/** The buckets of `xcap_consent_wait_seconds`: a click to the default two-minute consent timeout and past it. */
const consentBuckets = [0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300];

const statuses: readonly AuditStatus[] = ['ok', 'failed', 'invalid', 'upstream', 'denied'];
const auditStates: readonly AuditState[] = ['ok', 'suspended', 'failing'];

/** The metrics of one `xcap serve`, and the observer that feeds them. */
export interface ServeMetrics {
  /** The prom-client registry holding them (and Node's default process metrics). */
  readonly registry: Registry;
  /** Give it to the host (`NodeHostOptions.observer`). */
  readonly observer: HostObserver;
  /** The exposition's `Content-Type` (Prometheus text format 0.0.4). */
  readonly contentType: string;
  /** The current exposition in the Prometheus text format. */
  exposition(): Promise<string>;
}

/**
 * The Prometheus metrics of `xcap serve --metrics`, with prom-client, in a
 * registry of their own (names by Prometheus's conventions: the `xcap_`
 * prefix, `_total` counters, seconds):
 *
 * - `xcap_calls_total{tool,status}`: answered calls by the qualified tool name
 *   (`photos__list`; a name not in the catalog is `unknown`) and audit status;
 * - `xcap_call_duration_seconds{tool}`: call latency (histogram);
 * - `xcap_calls_in_flight`: calls being run now;
 * - `xcap_consent_requests_total{kind,answer}`: consent sheets by kind — the
 *   consent mode that asked (`prompt`, `console`, `dismiss`; `elicit` for the
 *   agent's client) — and how they ended (`allow`, `deny`, `dismiss`, `timeout`, `cancelled`);
 * - `xcap_consent_wait_seconds{kind}`: the time a call waited for a person (histogram);
 * - `xcap_audit_pending_rows`: the audit queue's depth (rows not yet committed);
 * - `xcap_audit_state{state}`: 1 for the audit trail's state now (`ok`, `suspended`, `failing`), 0 for the others;
 * - `xcap_audit_spill_replayed_rows`, `xcap_audit_spill_invalid_lines`: what the start replayed from the spill file, and the lines it kept there;
 * - `xcap_provider_restarts_total{provider}`: restarts of each provider process (by its command's file name);
 * - Node's default process metrics (`process_*`, `nodejs_*`).
 *
 * Every label set is bounded: tools of `catalog`, the audit statuses, the
 * consent modes and answers, the provider commands given.
 */
export function createServeMetrics(catalog: Catalog, mode: ConsentMode): ServeMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  let host: ObservedHost | undefined;
  const registers = [registry];
  const calls = new Counter({ name: 'xcap_calls_total', help: 'Calls answered, by tool and audit status.', labelNames: ['tool', 'status'], registers });
  const duration = new Histogram({
    name: 'xcap_call_duration_seconds',
    help: 'Call latency from the call path to the answer, by tool.',
    labelNames: ['tool'],
    buckets: callBuckets,
    registers,
  });
  const inFlight = new Gauge({ name: 'xcap_calls_in_flight', help: 'Calls being run now.', registers });
  const consents = new Counter({
    name: 'xcap_consent_requests_total',
    help: 'Consent sheets, by the kind that asked (prompt, console, dismiss, elicit) and how they ended.',
    labelNames: ['kind', 'answer'],
    registers,
  });
  const waited = new Histogram({
    name: 'xcap_consent_wait_seconds',
    help: 'Time a call waited for a person to answer a consent sheet, by kind.',
    labelNames: ['kind'],
    buckets: consentBuckets,
    registers,
  });
  new Gauge({
    name: 'xcap_audit_pending_rows',
    help: 'Audit rows not yet committed (the audit queue).',
    registers,
    collect() {
      this.set(host?.pendingAudit() ?? 0);
    },
  });
  new Gauge({
    name: 'xcap_audit_state',
    help: 'The audit trail state now: 1 for the current one (ok, suspended, failing), 0 for the others.',
    labelNames: ['state'],
    registers,
    collect() {
      const now = host?.auditState() ?? 'ok';
      for (const state of auditStates) this.set({ state }, state === now ? 1 : 0);
    },
  });
  new Gauge({
    name: 'xcap_audit_spill_replayed_rows',
    help: 'Audit rows the start replayed from the spill file into the audit log.',
    registers,
    collect() {
      this.set(host?.auditSpill.replayed ?? 0);
    },
  });
  new Gauge({
    name: 'xcap_audit_spill_invalid_lines',
    help: 'Lines of the spill file the start could not read as rows (kept in the file).',
    registers,
    collect() {
      this.set(host?.auditSpill.invalid ?? 0);
    },
  });
  new Counter({
    name: 'xcap_provider_restarts_total',
    help: 'Restarts of each provider process (--providers-command) after it died.',
    labelNames: ['provider'],
    registers,
    collect() {
      this.reset();
      for (const [provider, restarts] of host?.providerRestarts() ?? []) this.inc({ provider }, restarts);
    },
  });
  const toolLabel = (tool: string) => (parseToolName(catalog, 'agent', tool) === null ? unknownToolLabel : tool);
  const hostKind = mode === 'elicit' ? 'dismiss' : mode;
  const observer: HostObserver = {
    callStarted: () => inFlight.inc(),
    callEnded: (call) => {
      inFlight.dec();
      if (call === undefined) return;
      const tool = toolLabel(call.tool);
      calls.inc({ tool, status: statuses.includes(call.status) ? call.status : 'failed' });
      duration.observe({ tool }, call.seconds);
    },
    consentEnded: (consent) => {
      const kind = consent.askedIn === 'client' ? 'elicit' : hostKind;
      consents.inc({ kind, answer: consent.answer });
      waited.observe({ kind }, consent.seconds);
    },
    opened: (opened) => {
      host = opened;
    },
  };
  return { registry, observer, contentType: registry.contentType, exposition: () => registry.metrics() };
}
