import { errorOf, startPrometheus, type PrometheusServer } from '@xcap/test-support';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectAgent, requireBuilt, runXcap, workspace, type Agent } from '../e2e/xcap-process.js';

// A Prometheus and an `xcap serve` child on a loaded 2-core machine: the shared 20 s is too short.
vi.setConfig({ testTimeout: 60_000 });

beforeAll(requireBuilt);

let prometheus: PrometheusServer | undefined;
let agent: Agent | undefined;
afterEach(async () => {
  await agent?.client.close();
  await prometheus?.stop();
  agent = undefined;
  prometheus = undefined;
});

/** The metrics URL `xcap serve --metrics` printed on stderr. */
async function metricsUrl(serving: Agent): Promise<URL> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const url = /metrics at (http:\/\/\S+\/metrics)/.exec(serving.stderr())?.[1];
    if (url !== undefined) return new URL(url);
    if (Date.now() > deadline) throw new Error(`xcap serve printed no metrics URL: ${serving.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Polls a PromQL query (every 250 ms, up to `ms`) until `done` holds for its samples; answers the last ones. */
async function queryUntil(
  server: PrometheusServer,
  promql: string,
  done: (samples: Awaited<ReturnType<PrometheusServer['query']>>) => boolean,
  ms = 15_000,
): Promise<Awaited<ReturnType<PrometheusServer['query']>>> {
  const deadline = Date.now() + ms;
  for (;;) {
    const samples = await server.query(promql);
    if (done(samples) || Date.now() > deadline) return samples;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('xcap serve --metrics, scraped by a real Prometheus (Debian’s 2.42)', () => {
  it('answers a PromQL query for the calls just made: by tool and audit status, unknown names as unknown, and their latency', async () => {
    const ws = await workspace();
    expect((await runXcap(['grant', 'acme.album', 'photos.read', '--data', ws.data])).code).toBe(0);
    agent = await connectAgent(['--manifest', ws.manifest, '--data', ws.data, '--photos', ws.photos, '--metrics', '127.0.0.1:0']);
    const url = await metricsUrl(agent);
    prometheus = await startPrometheus([url.host]);
    for (let i = 0; i < 3; i++) {
      const result = await agent.client.callTool({ name: 'photos__list', arguments: { limit: 2 } });
      expect(result.isError).not.toBe(true);
    }
    // Not a tool of the catalog: the label stays bounded.
    await expect(agent.client.callTool({ name: 'made_up__tool_42', arguments: {} })).rejects.toThrow(errorOf(Error, 'Unknown tool: made_up__tool_42'));
    const calls = await queryUntil(prometheus, 'sum by (tool, status) (xcap_calls_total)', (samples) => samples.length >= 2);
    const byLabels = Object.fromEntries(calls.map((sample) => [`${sample.metric['tool']} ${sample.metric['status']}`, sample.value]));
    expect(byLabels, prometheus.log()).toEqual({ 'photos__list ok': 3, 'unknown denied': 1 });
    // The latency histogram counted the same calls, and the scrape itself is healthy.
    const latency = await prometheus.query('sum(xcap_call_duration_seconds_count{tool="photos__list"})');
    expect(latency.map((sample) => sample.value)).toEqual([3]);
    const up = await prometheus.query('up{job="xcap"}');
    expect(up.map((sample) => sample.value)).toEqual([1]);
    const inFlight = await prometheus.query('xcap_calls_in_flight');
    expect(inFlight.map((sample) => sample.value)).toEqual([0]);
    const audit = await prometheus.query('xcap_audit_state == 1');
    expect(audit.map((sample) => sample.metric['state'])).toEqual(['ok']);
  });
});
