import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

/** Debian's Prometheus: `$XCAP_PROMETHEUS`, `/usr/bin/prometheus`, or `prometheus` on PATH; else it throws naming scripts/ensure-prometheus.sh. */
export function prometheusPath(): string {
  const candidates = [
    process.env['XCAP_PROMETHEUS'],
    '/usr/bin/prometheus',
    ...(process.env['PATH'] ?? '').split(delimiter).map((dir) => join(dir, 'prometheus')),
  ];
  const found = candidates.find((path) => path !== undefined && path !== '' && existsSync(path));
  if (found === undefined)
    throw new Error('no Prometheus (/usr/bin/prometheus, prometheus on PATH): run bash scripts/ensure-prometheus.sh (it installs Debian’s prometheus)');
  return found;
}

/** A private Prometheus server on 127.0.0.1 scraping the given targets. */
export interface PrometheusServer {
  /** `http://127.0.0.1:<port>` (the HTTP API is under `/api/v1/`). */
  readonly url: string;
  /** Answers a PromQL instant query (`GET /api/v1/query`): the result vector's samples, as labels and the value. */
  query(promql: string): Promise<{ readonly metric: Record<string, string>; readonly value: number }[]>;
  /** Everything the server wrote on stderr so far. */
  log(): string;
  /** Stops the server (SIGTERM, then SIGKILL after 5 s) and removes its folder. */
  stop(): Promise<void>;
}

/** A free TCP port on 127.0.0.1 (asked of the kernel, then released). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0));
    });
  });
}

/**
 * Starts Debian's `prometheus` binary (never its system service) on
 * 127.0.0.1 with a temporary config and storage folder: one job `xcap`
 * scraping `targets` (`host:port`, path `/metrics`) every `intervalSeconds`
 * (default 1). Waits until it is ready (`/-/ready`, up to 15 s) or throws
 * with its log.
 */
export async function startPrometheus(targets: readonly string[], intervalSeconds = 1): Promise<PrometheusServer> {
  const binary = prometheusPath();
  const dir = await mkdtemp(join(tmpdir(), 'xcap-prometheus-'));
  const config = join(dir, 'prometheus.yml');
  await writeFile(
    config,
    [
      'global:',
      `  scrape_interval: ${intervalSeconds}s`,
      `  evaluation_interval: ${intervalSeconds}s`,
      'scrape_configs:',
      '  - job_name: xcap',
      `    scrape_interval: ${intervalSeconds}s`,
      '    metrics_path: /metrics',
      '    static_configs:',
      `      - targets: [${targets.map((target) => JSON.stringify(target)).join(', ')}]`,
      '',
    ].join('\n'),
  );
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    binary,
    [`--config.file=${config}`, `--storage.tsdb.path=${join(dir, 'data')}`, `--web.listen-address=127.0.0.1:${port}`, '--log.level=warn'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 15_000;
  for (;;) {
    const ready = await fetch(`${url}/-/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`prometheus did not become ready at ${url}: ${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    log: () => log,
    stop,
    query: async (promql) => {
      const response = await fetch(`${url}/api/v1/query?query=${encodeURIComponent(promql)}`);
      const body = (await response.json()) as {
        status: string;
        error?: string;
        data?: { result: { metric: Record<string, string>; value: [number, string] }[] };
      };
      if (body.status !== 'success') throw new Error(`prometheus refused ${promql}: ${body.error ?? response.status}`);
      return (body.data?.result ?? []).map((sample) => ({ metric: sample.metric, value: Number(sample.value[1]) }));
    },
  };
}
