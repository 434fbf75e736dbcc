import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { catalog } from '@xcap/catalog';
import type { ConsentRequest } from '@xcap/call';
import { errorOf, nodeProviderPath } from '@xcap/test-support';
import { describe, expect, it } from 'vitest';
import { createNodeHost } from '../../src/create-node-host.js';
import { createServeMetrics } from '../../src/metrics/serve-metrics.js';
import type { HostObserver } from '../../src/observe/host-observer.js';
import { observedConsentUi } from '../../src/observe/observed-call-path.js';

const manifest = {
  id: 'acme.album',
  screens: ['albums'],
  capabilities: [
    { id: 'photos.read', why: 'Pick photos.' },
    { id: 'print.pdf', why: 'Make a PDF.' },
    { id: 'share.send', why: 'Share a page.' },
  ],
};
const dataDir = async () => join(await mkdtemp(join(tmpdir(), 'xcap-metrics-')), 'data');
/** An empty photo folder: photos is provided, and photos.read is an `ask` scope. */
const photosDir = () => mkdtemp(join(tmpdir(), 'xcap-metrics-photos-'));

/** The value of one sample line `<name>{<labels>} <value>` of the exposition, or `undefined` when it is not there. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(labels === '' ? `${name} ` : `${name}{${labels}} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

const agentCall = (name: string, args: object = {}) => ({ from: 'agent' as const, name, arguments: args, foreground: true, client: 'run-1' });

describe('xcap serve’s metrics, fed by the host’s observer', () => {
  it('counts calls by tool and audit status (unknown names as unknown), their latency, consent by kind and answer, and reads the audit gauges', async () => {
    const metrics = createServeMetrics(catalog, 'prompt');
    let answer: 'allow' | 'dismiss' = 'dismiss';
    const host = await createNodeHost({
      manifest,
      dataDir: await dataDir(),
      photosDir: await photosDir(),
      foreground: true,
      consent: () => answer,
      observer: metrics.observer,
    });
    try {
      await host.callPath.call(agentCall('print__pdf', { title: 'T', blocks: [{ text: 'hi' }] }));
      await host.callPath.call(agentCall('print__pdf', { title: 'T', blocks: [{ text: 'hi' }] }));
      await host.callPath.call(agentCall('print__pdf', { title: 7 }));
      await host.callPath.call(agentCall('no_such__tool'));
      await host.callPath.call(agentCall('photos__list', {}));
      answer = 'allow';
      await host.callPath.call(agentCall('photos__list', {}));
      const text = await metrics.exposition();
      expect(sample(text, 'xcap_calls_total', 'tool="print__pdf",status="ok"')).toBe(2);
      expect(sample(text, 'xcap_calls_total', 'tool="print__pdf",status="invalid"')).toBe(1);
      expect(sample(text, 'xcap_calls_total', 'tool="unknown",status="denied"')).toBe(1);
      expect(text).not.toContain('no_such__tool');
      expect(sample(text, 'xcap_call_duration_seconds_count', 'tool="print__pdf"')).toBe(3);
      expect(sample(text, 'xcap_calls_in_flight')).toBe(0);
      expect(sample(text, 'xcap_consent_requests_total', 'kind="prompt",answer="dismiss"')).toBe(1);
      expect(sample(text, 'xcap_consent_requests_total', 'kind="prompt",answer="allow"')).toBe(1);
      expect(sample(text, 'xcap_consent_wait_seconds_count', 'kind="prompt"')).toBe(2);
      expect(sample(text, 'xcap_audit_pending_rows')).toBe(0);
      expect(sample(text, 'xcap_audit_state', 'state="ok"')).toBe(1);
      expect(sample(text, 'xcap_audit_state', 'state="suspended"')).toBe(0);
      expect(sample(text, 'xcap_audit_spill_replayed_rows')).toBe(0);
      expect(text).toContain('# TYPE xcap_call_duration_seconds histogram');
      expect(text).toContain('process_cpu_seconds_total');
      expect(metrics.contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    } finally {
      await host.close();
    }
  });

  it('counts a call in flight while it runs, and a consent asked in the agent’s client as elicit', async () => {
    const metrics = createServeMetrics(catalog, 'elicit');
    const host = await createNodeHost({ manifest, dataDir: await dataDir(), photosDir: await photosDir(), foreground: true, observer: metrics.observer });
    try {
      let release: (reply: 'allow') => void = () => undefined;
      const asked = new Promise<void>((resolve) => {
        const call = host.callPath.call({
          ...agentCall('photos__list', {}),
          consent: () =>
            new Promise<'allow'>((answer) => {
              release = answer;
              resolve();
            }),
        });
        void call;
      });
      await asked;
      expect(sample(await metrics.exposition(), 'xcap_calls_in_flight')).toBe(1);
      release('allow');
      await host.callPath.flushAudit();
      for (let i = 0; i < 50 && sample(await metrics.exposition(), 'xcap_calls_in_flight') !== 0; i++) await new Promise((r) => setTimeout(r, 10));
      const text = await metrics.exposition();
      expect(sample(text, 'xcap_calls_in_flight')).toBe(0);
      expect(sample(text, 'xcap_consent_requests_total', 'kind="elicit",answer="allow"')).toBe(1);
      expect(sample(text, 'xcap_calls_total', 'tool="photos__list",status="ok"')).toBe(1);
    } finally {
      await host.close();
    }
  });

  it('counts the restarts of a provider process by its command’s file name', async () => {
    const metrics = createServeMetrics(catalog, 'dismiss');
    const host = await createNodeHost({
      manifest,
      dataDir: await dataDir(),
      providerCommands: [[process.execPath, nodeProviderPath, '--capabilities', 'share']],
      providerLog: () => undefined,
      foreground: true,
      observer: metrics.observer,
    });
    try {
      expect(sample(await metrics.exposition(), 'xcap_provider_restarts_total', 'provider="node"')).toBe(0);
      // `crash` makes the provider exit mid-call: it is restarted (after 100 ms).
      await host.callPath.call({ from: 'agent', name: 'share__send', arguments: { text: 'crash' }, foreground: true, client: 'run-1' });
      let restarts: number | undefined = 0;
      for (let i = 0; i < 100 && restarts === 0; i++) {
        await new Promise((r) => setTimeout(r, 50));
        restarts = sample(await metrics.exposition(), 'xcap_provider_restarts_total', 'provider="node"');
      }
      expect(restarts).toBe(1);
    } finally {
      await host.close();
    }
  });
});

describe('observedConsentUi', () => {
  const request = (signal: AbortSignal) => ({ signal }) as unknown as ConsentRequest;
  const recorder = () => {
    const seen: string[] = [];
    const observer: HostObserver = { consentEnded: (c) => seen.push(`${c.askedIn} ${c.answer}`) };
    return { seen, observer };
  };

  it('tells a sheet whose signal aborted at its deadline as timeout, and one abandoned by its calls as cancelled, once each', async () => {
    const { seen, observer } = recorder();
    const timedOut = new AbortController();
    const never = observedConsentUi(() => new Promise<'allow'>(() => undefined), 'host', observer);
    void never(request(timedOut.signal));
    timedOut.abort(new DOMException('late', 'TimeoutError'));
    const cancelled = new AbortController();
    const late = observedConsentUi(() => Promise.resolve('allow' as const), 'client', observer);
    const answered = late(request(cancelled.signal));
    cancelled.abort(new Error('the client went away'));
    await answered;
    expect(seen).toEqual(['host timeout', 'client cancelled']);
  });

  it('tells a UI that throws or answers nonsense as dismiss, and an observer that throws fails nothing', async () => {
    const { seen, observer } = recorder();
    const signal = new AbortController().signal;
    await expect(observedConsentUi(() => Promise.reject(new Error('no tty')), 'host', observer)(request(signal))).rejects.toThrow(errorOf(Error, 'no tty'));
    await observedConsentUi(() => 'maybe' as never, 'host', observer)(request(signal));
    expect(seen).toEqual(['host dismiss', 'host dismiss']);
    const throwing: HostObserver = {
      consentEnded: () => {
        throw new Error('observer bug');
      },
    };
    expect(await observedConsentUi(() => 'allow', 'host', throwing)(request(signal))).toBe('allow');
  });
});
