/**
 * Audit rows per second: `brokerAuditRow` (RFC 8785 canonical JSON +
 * SHA-256 + the row) on ~1 KB argument objects, against the target of
 * 200,000 rows/s, with its parts and `JSON.stringify` (unsorted, the floor)
 * side by side.
 */
import { hash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import type { ToolCall, Verdict } from '../packages/catalog/src/index.js';
import { argsHash, brokerAuditRow, canonicalJson } from '../packages/audit/src/index.js';
import { type BenchRow, bestOf, printTable } from './harness.js';

const target = 200_000;

/**
 * Eight different ~1 KB argument objects (nested, mixed types, some
 * non-ASCII), so no single shape is all the engine sees. `numeric` swaps the
 * integers for fractions (`i / 3`, `seed × 1e21`), whose shortest-form
 * printing is the slow part of any JSON writer.
 */
function makeArgs(seed: number, numeric: boolean): Record<string, unknown> {
  return {
    title: `Album ${seed}: summer in Graz — Schloßberg`,
    body: 'A few words about the trip, long enough to look like a real notification body. '.repeat(2) + 'One more line of text to fill it up.',
    screen: 'album',
    params: { albumId: `a${seed}`, page: seed % 7, zoom: 1.25 + seed, flags: [true, false, null] },
    at: '2025-06-01T09:30:00Z',
    tags: ['summer', 'graz', 'family', 'hiking', `t${seed}`],
    items: Array.from({ length: 6 }, (_, i) => ({
      fileId: `blob-${seed}-${i}`,
      caption: `Photo ${i} — ${seed}`,
      width: 4032,
      height: 3024,
      rating: numeric ? i / 3 : i % 5,
    })),
    zeta: { nested: { deep: { value: numeric ? seed * 1e21 : seed * 1000, small: numeric ? 1e-7 : 0.5 } } },
  };
}
const makeCalls = (numeric: boolean): ToolCall[] =>
  Array.from({ length: 8 }, (_, i) => ({ from: 'ui', name: 'notifications_post', arguments: makeArgs(i, numeric) }));
const calls = makeCalls(false);
const numericCalls = makeCalls(true);
const verdict: Verdict = { verdict: 'call', capability: 'notifications', tool: 'post', scope: 'notifications.post', reason: null };
const size = Math.round(calls.reduce((n, c) => n + canonicalJson(c.arguments).length, 0) / calls.length);

/** Measures rows/s and its parts. */
export async function run(): Promise<BenchRow[]> {
  let i = 0;
  const next = () => calls[i++ & 7] as ToolCall;
  const nextNumeric = () => numericCalls[i++ & 7] as ToolCall;
  const text = canonicalJson(calls[0]?.arguments);
  const rate = bestOf(
    {
      rows: () => brokerAuditRow({ appId: 'at.exponential.photobook', client: null, call: next(), verdict, outcome: 'ok' }),
      numericRows: () => brokerAuditRow({ appId: 'at.exponential.photobook', client: null, call: nextNumeric(), verdict, outcome: 'ok' }),
      hashes: () => argsHash(next().arguments),
      canonical: () => canonicalJson(next().arguments),
      plain: () => JSON.stringify(next().arguments),
      plainHash: () => hash('sha256', JSON.stringify(next().arguments), 'hex'),
      sha: () => hash('sha256', text, 'hex'),
    },
    5,
    200,
  );
  const { rows = 0, numericRows = 0, hashes = 0, canonical = 0, plain = 0, plainHash = 0, sha = 0 } = rate;
  return [
    {
      name: 'brokerAuditRow (1 KB args)',
      value: rows,
      unit: 'rows/s',
      note: `${(rows / target).toFixed(2)}× the 200,000/s target, ${(rows / plainHash).toFixed(2)}× the floor; args ≈ ${size} B canonical`,
    },
    {
      name: 'floor: sha256(JSON.stringify(args))',
      value: plainHash,
      unit: 'ops/s',
      note: 'not canonical; what any hashing row costs at least on this machine',
    },
    {
      name: 'brokerAuditRow (1 KB, fractions)',
      value: numericRows,
      unit: 'rows/s',
      note: `${(numericRows / target).toFixed(2)}× target; nine shortest-form fractions per object`,
    },
    { name: 'argsHash (1 KB args)', value: hashes, unit: 'ops/s' },
    { name: 'canonicalJson (1 KB args)', value: canonical, unit: 'ops/s', note: `${(plain / canonical).toFixed(2)}× the time of JSON.stringify` },
    { name: 'JSON.stringify, unsorted (floor)', value: plain, unit: 'ops/s', note: 'not canonical; the native lower bound' },
    { name: 'sha256 of 1 KB text', value: sha, unit: 'ops/s' },
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) printTable(await run());
