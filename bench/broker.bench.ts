/**
 * Decisions per second of `brokerDecide` on the fixture catalog: each verdict
 * kind alone and a mix (call, ask, denied, unknown, origin), against the
 * target of 1,000,000 decisions/s.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Catalog, ManifestEntry } from '../packages/catalog/src/index.js';
import { brokerDecide, type BrokerInput } from '../packages/broker/src/index.js';
import { type BenchRow, bestOf, printTable } from './harness.js';

const target = 1_000_000;

const catalog = JSON.parse(readFileSync(new URL('../fixtures/capabilities.json', import.meta.url), 'utf8')) as Catalog;
const manifest: ManifestEntry[] = [
  { id: 'photos.read', why: 'Pick the photos for an album.' },
  { id: 'share.send', why: 'Share a finished album.' },
  { id: 'notifications.post', why: 'Remind you of due pages.' },
  { id: 'print.pdf', why: 'Print an album.' },
  { id: 'http.fetch', why: 'Load exchange rates.', origins: ['https://api.example.com', 'https://cdn.example.com'] },
];
const base = {
  manifest,
  grants: { 'photos.read': 'granted', 'notifications.post': 'denied' } as const,
  provided: ['photos', 'share', 'notifications', 'print', 'http'],
  foreground: true,
};

const inputs: Record<string, BrokerInput> = {
  call: { ...base, call: { from: 'ui', name: 'photos_pick', arguments: {} } },
  ask: { ...base, grants: {}, call: { from: 'agent', name: 'photos__list', arguments: { limit: 10 } } },
  denied: { ...base, call: { from: 'ui', name: 'camera_capture', arguments: {} } },
  unknown: { ...base, call: { from: 'agent', name: 'bluetooth__scan', arguments: {} } },
  origin: {
    ...base,
    grants: { 'http.fetch': 'granted' },
    call: { from: 'ui', name: 'http_fetch', arguments: { url: 'https://cdn.example.com/v1/rates?base=EUR' } },
  },
};

/** Measures each verdict kind and the five-kind mix. */
export async function run(): Promise<BenchRow[]> {
  const mix = Object.values(inputs);
  const fns: Record<string, () => unknown> = {};
  for (const [kind, input] of Object.entries(inputs)) fns[kind] = () => brokerDecide(catalog, input);
  fns.mix = () => {
    let last;
    for (const input of mix) last = brokerDecide(catalog, input);
    return last;
  };
  const rates = bestOf(fns, 5, 150);
  const rows: BenchRow[] = Object.keys(inputs).map((kind) => {
    const rate = rates[kind] ?? 0;
    return { name: `brokerDecide (${kind})`, value: rate, unit: 'ops/s', note: `${(rate / target).toFixed(1)}× target` };
  });
  const rate = (rates.mix ?? 0) * mix.length;
  rows.push({ name: 'brokerDecide (mix of 5)', value: rate, unit: 'ops/s', note: `${(rate / target).toFixed(1)}× the 1,000,000/s target` });
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) printTable(await run());
