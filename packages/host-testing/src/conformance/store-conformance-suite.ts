import type { AuditRow } from '@xcap/audit';
import { ConformanceFailure } from './conformance-failure.js';
import type { ConformanceGroup, ConformanceTest } from './conformance-node.js';
import type { StoreConformanceOptions, StoresUnderTest } from './store-conformance-options.js';

const fileIdPattern = /^f-[0-9a-f]{32}$/;

/**
 * The store contract every host's `GrantStore`, `BlobStore` and
 * `AuditSink` keep, as a runner-agnostic tree of tests (register it with
 * `runStoreConformance`): grants per app and scope, seen by a second
 * instance at once; app files with CSPRNG ids (`f-` + 32 hex), one app
 * never reaching another's, a per-app quota counted with the metadata and
 * refused with a `QuotaExceededError`; audit rows with their time and
 * duration, an invalid row refused alone, concurrent writes committed
 * together.
 */
export function storeConformanceSuite(options: StoreConformanceOptions): ConformanceGroup {
  const test = (title: string, quotaBytes: number, body: (stores: StoresUnderTest) => Promise<void>): ConformanceTest => ({
    kind: 'test',
    title,
    skip: undefined,
    timeoutMs: 30_000,
    run: async () => {
      const stores = await options.open({ quotaBytes });
      try {
        await body(stores);
      } finally {
        await stores.close();
      }
    },
  });
  const big = 2 ** 30;
  return {
    kind: 'group',
    title: `store contract: ${options.name}`,
    children: [
      {
        kind: 'group',
        title: 'grants',
        children: [
          test('an undecided scope reads undefined; set, overwrite and delete are read back', big, async ({ grants }) => {
            same(await grants.get('acme.album', 'photos.read'), undefined, 'an undecided scope');
            await grants.set('acme.album', 'photos.read', 'granted');
            same(await grants.get('acme.album', 'photos.read'), 'granted', 'after set granted');
            await grants.set('acme.album', 'photos.read', 'denied');
            same(await grants.get('acme.album', 'photos.read'), 'denied', 'after set denied');
            await grants.delete('acme.album', 'photos.read');
            same(await grants.get('acme.album', 'photos.read'), undefined, 'after delete');
            await grants.delete('acme.album', 'photos.read');
          }),
          test('answers are per app and per scope', big, async ({ grants }) => {
            await grants.set('acme.album', 'photos.read', 'granted');
            same(await grants.get('other.app', 'photos.read'), undefined, "another app's grant");
            same(await grants.get('acme.album', 'share.send'), undefined, "another scope's grant");
          }),
          test('a value other than granted or denied is refused', big, async ({ grants }) => {
            await rejects(async () => grants.set('acme.album', 'photos.read', 'yes' as never), 'TypeError', 'set(…, "yes")');
            same(await grants.get('acme.album', 'photos.read'), undefined, 'after the refused set');
          }),
          test('a grant written through one instance is what another decides with next', big, async (stores) => {
            const other = await stores.another();
            same(await other.grants.get('acme.album', 'photos.read'), undefined, 'before');
            await stores.grants.set('acme.album', 'photos.read', 'granted');
            same(await other.grants.get('acme.album', 'photos.read'), 'granted', 'the other instance after set');
            await other.grants.set('acme.album', 'photos.read', 'denied');
            same(await stores.grants.get('acme.album', 'photos.read'), 'denied', 'the first instance after the other set');
            await stores.grants.delete('acme.album', 'photos.read');
            same(await other.grants.get('acme.album', 'photos.read'), undefined, 'the other instance after delete');
          }),
        ],
      },
      {
        kind: 'group',
        title: 'app files',
        children: [
          test('put answers a fresh f-<32 hex> id; get answers the bytes, name and mimeType', big, async ({ blobs }) => {
            const bytes = new Uint8Array([0, 1, 2, 250, 255]);
            const ids = new Set<string>();
            for (let i = 0; i < 5; i++) ids.add(await blobs.put('acme.album', 'album.pdf', 'application/pdf', bytes));
            same(ids.size, 5, 'distinct ids of five puts of the same file');
            for (const id of ids) if (!fileIdPattern.test(id)) fail(`file id ${JSON.stringify(id)} is not f- + 32 hex digits`);
            const [first] = [...ids];
            const got = await blobs.get('acme.album', first as string);
            same(got === undefined ? undefined : [...got.bytes], [...bytes], 'bytes read back');
            same(got?.name, 'album.pdf', 'name read back');
            same(got?.mimeType, 'application/pdf', 'mimeType read back');
          }),
          test("one app never reaches another's file, nor an id that is not the store's", big, async ({ blobs }) => {
            const id = await blobs.put('acme.album', 'a.txt', 'text/plain', new Uint8Array([1]));
            same(await blobs.get('other.app', id), undefined, "another app's get");
            await blobs.remove?.('other.app', id);
            same((await blobs.get('acme.album', id))?.bytes.length, 1, "the owner's file after another app's remove");
            for (const bad of ['../x', '/etc/passwd', `${id}\0`, `f-${'g'.repeat(32)}`, id.toUpperCase(), `${id}.json`, '']) {
              same(await blobs.get('acme.album', bad), undefined, `get of id ${JSON.stringify(bad)}`);
            }
          }),
          test('remove forgets the file and frees its bytes', big, async ({ blobs }) => {
            const id = await blobs.put('acme.album', 'a.txt', 'text/plain', new Uint8Array(100));
            if ((await blobs.usage('acme.album')) <= 100) fail('usage must count the bytes and the metadata');
            await blobs.remove?.('acme.album', id);
            same(await blobs.get('acme.album', id), undefined, 'get after remove');
            same(await blobs.usage('acme.album'), 0, 'usage after remove');
          }),
          test('the quota counts bytes and metadata; a put over it is a QuotaExceededError and stores nothing', 1000, async ({ blobs }) => {
            const first = await blobs.put('acme.album', 'a.bin', 'application/octet-stream', new Uint8Array(500));
            const used = await blobs.usage('acme.album');
            if (used <= 500) fail(`usage ${used} must count the metadata too`);
            const error = await rejects(() => blobs.put('acme.album', 'b.bin', 'application/octet-stream', new Uint8Array(500)), 'QuotaExceededError', 'a put over the quota');
            const e = error as { quotaBytes?: unknown; usedBytes?: unknown; requestedBytes?: unknown };
            same([e.quotaBytes, e.usedBytes], [1000, used], 'the error’s quotaBytes and usedBytes');
            same(e.requestedBytes, used, 'requestedBytes (the same size and name length as the first file)');
            same(await blobs.usage('acme.album'), used, 'usage after the refused put');
            same((await blobs.put('other.app', 'b.bin', 'application/octet-stream', new Uint8Array(500))).length, 34, "another app's put (its own quota)");
            await blobs.remove?.('acme.album', first);
            await blobs.put('acme.album', 'b.bin', 'application/octet-stream', new Uint8Array(500));
          }),
          test('a file stored through one instance is read through another', big, async (stores) => {
            const other = await stores.another();
            const id = await stores.blobs.put('acme.album', 'a.txt', 'text/plain', new Uint8Array([7, 8]));
            same((await other.blobs.get('acme.album', id))?.bytes.length, 2, 'the other instance’s get');
          }),
        ],
      },
      {
        kind: 'group',
        title: 'audit',
        children: [
          test('a row is stored with its fields, the call time and duration', big, async ({ audit, auditRows }) => {
            await audit.write(row('photos__pick', 'ok', null), { at: '2026-11-01T10:00:00.000Z', durationMs: 12.5 });
            await audit.write(row('share__send', 'denied', 'consentNeeded'), { at: '2026-11-01T11:30:00.250+01:00', durationMs: 0 });
            const rows = (await auditRows()).sort((a, b) => a.at.localeCompare(b.at));
            same(
              rows.map((r) => [r.appId, r.clientId, r.tool, r.status, r.error, r.argsHash, r.at, r.durationMs]),
              [
                ['acme.album', 'run-7', 'photos__pick', 'ok', null, 'sha256:ab', '2026-11-01T10:00:00.000Z', 12.5],
                ['acme.album', 'run-7', 'share__send', 'denied', 'consentNeeded', 'sha256:ab', '2026-11-01T10:30:00.250Z', 0],
              ],
              'the stored rows',
            );
          }),
          test('an invalid row is refused alone; the rows beside it are stored', big, async ({ audit, auditRows }) => {
            const results = await Promise.allSettled([audit.write(row('a__b', 'ok', null)), audit.write({ ...row('a__c', 'ok', null), status: 'maybe' } as never), audit.write(row('a__d', 'ok', null))]);
            same(results.map((r) => r.status), ['fulfilled', 'rejected', 'fulfilled'], 'the three writes');
            same((await auditRows()).map((r) => r.tool).sort(), ['a__b', 'a__d'], 'the stored tools');
          }),
          test('concurrent writes are committed together (group commit), each acknowledged row stored', big, async ({ audit, auditRows }) => {
            const before = audit.commits;
            await Promise.all(Array.from({ length: 200 }, (_, i) => audit.write(row(`t__${i}`, 'ok', null))));
            const commits = audit.commits - before;
            if (commits < 1 || commits > 10) fail(`200 concurrent writes took ${commits} commits, expected between 1 and 10`);
            same((await auditRows()).length, 200, 'stored rows');
          }),
        ],
      },
    ],
  };
}

function row(tool: string, status: AuditRow['status'], error: string | null): AuditRow {
  return { appId: 'acme.album', clientId: 'run-7', tool, status, error, argsHash: 'sha256:ab' };
}

function same(actual: unknown, expected: unknown, what: string): void {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) fail(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}

function fail(message: string): never {
  throw new ConformanceFailure(message);
}

async function rejects(work: () => unknown, name: string, what: string): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    if ((error as { name?: unknown })?.name !== name) fail(`${what}: expected a ${name}, got ${String(error)}`);
    return error;
  }
  return fail(`${what}: expected a ${name}, but it succeeded`);
}
