import type { AuditRow } from '@xcap/audit';
import type { ConformanceGroup, ConformanceNode } from './conformance-node.js';
import { storeChecks } from './store-conformance-checks.js';
import type { StoreConformanceOptions, StoresUnderTest } from './store-conformance-options.js';
import { storeConformanceTests } from './store-conformance-tests.js';
import { tokenStoreConformanceGroup } from './token-store-conformance-group.js';
import { consentNonceConformanceGroup } from './consent-nonce-conformance-group.js';

const fileIdPattern = /^f-[0-9a-f]{32}$/;
const { same, fail, rejects } = storeChecks;

/**
 * The store contract every host's `GrantStore`, `BlobStore`, `AuditSink`
 * and token store keep, as a runner-agnostic tree of tests (register it with
 * `runStoreConformance`): grants per app and scope, seen by a second
 * instance at once; app files with CSPRNG ids (`f-` + 32 hex), one app
 * never reaching another's, a per-app quota counted with the metadata and
 * refused with a `QuotaExceededError`; audit rows with their time and
 * duration, an invalid row refused alone, concurrent writes committed
 * together; tokens by the rules of `ManagedTokenStore` (`@xcap/tokens`);
 * consent nonces claimed once, atomically, kept until they expire
 * (`ConsentNonceStore` of `@xcap/broker`).
 * `options.skip` leaves out sections or tests, each with its reason.
 */
export function storeConformanceSuite(options: StoreConformanceOptions): ConformanceGroup {
  const { test, unusedSkips } = storeConformanceTests(options);
  const big = 2 ** 30;
  return {
    kind: 'group',
    title: `store contract: ${options.name}`,
    children: [
      {
        kind: 'group',
        title: 'grants',
        children: [
          test('grants', 'an undecided scope reads undefined; set, overwrite and delete are read back', big, async (stores) => {
            const grants = need(stores.grants, 'grants');
            same(await grants.get('acme.album', 'photos.read'), undefined, 'an undecided scope');
            await grants.set('acme.album', 'photos.read', 'granted');
            same(await grants.get('acme.album', 'photos.read'), 'granted', 'after set granted');
            await grants.set('acme.album', 'photos.read', 'denied');
            same(await grants.get('acme.album', 'photos.read'), 'denied', 'after set denied');
            await grants.delete('acme.album', 'photos.read');
            same(await grants.get('acme.album', 'photos.read'), undefined, 'after delete');
            await grants.delete('acme.album', 'photos.read');
          }),
          test('grants', 'answers are per app and per scope', big, async (stores) => {
            const grants = need(stores.grants, 'grants');
            await grants.set('acme.album', 'photos.read', 'granted');
            same(await grants.get('other.app', 'photos.read'), undefined, "another app's grant");
            same(await grants.get('acme.album', 'share.send'), undefined, "another scope's grant");
          }),
          test('grants', 'a value other than granted or denied is refused', big, async (stores) => {
            const grants = need(stores.grants, 'grants');
            await rejects(async () => grants.set('acme.album', 'photos.read', 'yes' as never), 'TypeError', 'set(…, "yes")');
            same(await grants.get('acme.album', 'photos.read'), undefined, 'after the refused set');
          }),
          test('grants', 'a grant written through one instance is what another decides with next', big, async (stores) => {
            const grants = need(stores.grants, 'grants');
            const other = need((await stores.another()).grants, 'grants of another()');
            same(await other.get('acme.album', 'photos.read'), undefined, 'before');
            await grants.set('acme.album', 'photos.read', 'granted');
            same(await other.get('acme.album', 'photos.read'), 'granted', 'the other instance after set');
            await other.set('acme.album', 'photos.read', 'denied');
            same(await grants.get('acme.album', 'photos.read'), 'denied', 'the first instance after the other set');
            await grants.delete('acme.album', 'photos.read');
            same(await other.get('acme.album', 'photos.read'), undefined, 'the other instance after delete');
          }),
        ],
      },
      {
        kind: 'group',
        title: 'app files',
        children: [
          test('app files', 'put answers a fresh f-<32 hex> id; get answers the bytes, name and mimeType', big, async (stores) => {
            const blobs = need(stores.blobs, 'blobs');
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
          test('app files', "one app never reaches another's file, nor an id that is not the store's", big, async (stores) => {
            const blobs = need(stores.blobs, 'blobs');
            const id = await blobs.put('acme.album', 'a.txt', 'text/plain', new Uint8Array([1]));
            same(await blobs.get('other.app', id), undefined, "another app's get");
            await blobs.remove?.('other.app', id);
            same((await blobs.get('acme.album', id))?.bytes.length, 1, "the owner's file after another app's remove");
            for (const bad of ['../x', '/etc/passwd', `${id}\0`, `f-${'g'.repeat(32)}`, id.toUpperCase(), `${id}.json`, '']) {
              same(await blobs.get('acme.album', bad), undefined, `get of id ${JSON.stringify(bad)}`);
            }
          }),
          test('app files', 'remove forgets the file and frees its bytes', big, async (stores) => {
            const blobs = need(stores.blobs, 'blobs');
            const id = await blobs.put('acme.album', 'a.txt', 'text/plain', new Uint8Array(100));
            if ((await blobs.usage('acme.album')) <= 100) fail('usage must count the bytes and the metadata');
            await blobs.remove?.('acme.album', id);
            same(await blobs.get('acme.album', id), undefined, 'get after remove');
            same(await blobs.usage('acme.album'), 0, 'usage after remove');
          }),
          test('app files', 'the quota counts bytes and metadata; a put over it is a QuotaExceededError and stores nothing', 1000, async (stores) => {
            const blobs = need(stores.blobs, 'blobs');
            const first = await blobs.put('acme.album', 'a.bin', 'application/octet-stream', new Uint8Array(500));
            const used = await blobs.usage('acme.album');
            if (used <= 500) fail(`usage ${used} must count the metadata too`);
            const error = await rejects(
              () => blobs.put('acme.album', 'b.bin', 'application/octet-stream', new Uint8Array(500)),
              'QuotaExceededError',
              'a put over the quota',
            );
            const e = error as { quotaBytes?: unknown; usedBytes?: unknown; requestedBytes?: unknown };
            same([e.quotaBytes, e.usedBytes], [1000, used], 'the error’s quotaBytes and usedBytes');
            same(e.requestedBytes, used, 'requestedBytes (the same size and name length as the first file)');
            same(await blobs.usage('acme.album'), used, 'usage after the refused put');
            same((await blobs.put('other.app', 'b.bin', 'application/octet-stream', new Uint8Array(500))).length, 34, "another app's put (its own quota)");
            await blobs.remove?.('acme.album', first);
            await blobs.put('acme.album', 'b.bin', 'application/octet-stream', new Uint8Array(500));
          }),
          test('app files', 'a file stored through one instance is read through another', big, async (stores) => {
            const blobs = need(stores.blobs, 'blobs');
            const other = need((await stores.another()).blobs, 'blobs of another()');
            const id = await blobs.put('acme.album', 'a.txt', 'text/plain', new Uint8Array([7, 8]));
            same((await other.get('acme.album', id))?.bytes.length, 2, 'the other instance’s get');
          }),
        ],
      },
      {
        kind: 'group',
        title: 'audit',
        children: [
          test('audit', 'a row is stored with its fields, the call time and duration', big, async (stores) => {
            const { audit, auditRows } = needAudit(stores);
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
          test('audit', 'an invalid row is refused alone; the rows beside it are stored', big, async (stores) => {
            const { audit, auditRows } = needAudit(stores);
            const results = await Promise.allSettled([
              audit.write(row('a__b', 'ok', null)),
              audit.write({ ...row('a__c', 'ok', null), status: 'maybe' } as never),
              audit.write(row('a__d', 'ok', null)),
            ]);
            same(
              results.map((r) => r.status),
              ['fulfilled', 'rejected', 'fulfilled'],
              'the three writes',
            );
            same((await auditRows()).map((r) => r.tool).sort(), ['a__b', 'a__d'], 'the stored tools');
          }),
          test('audit', 'concurrent writes are committed together (group commit), each acknowledged row stored', big, async (stores) => {
            const { audit, auditRows } = needAudit(stores);
            const before = audit.commits;
            await Promise.all(Array.from({ length: 200 }, async (_, i) => audit.write(row(`t__${i}`, 'ok', null))));
            const commits = audit.commits - before;
            if (commits < 1 || commits > 10) fail(`200 concurrent writes took ${commits} commits, expected between 1 and 10`);
            same((await auditRows()).length, 200, 'stored rows');
          }),
        ],
      },
      tokenStoreConformanceGroup(test),
      consentNonceConformanceGroup(test),
      unusedSkips(),
    ] satisfies ConformanceNode[],
  };
}

function row(tool: string, status: AuditRow['status'], error: string | null): AuditRow {
  return { appId: 'acme.album', clientId: 'run-7', tool, status, error, argsHash: 'sha256:ab' };
}

/** The store a section needs, or a failure saying to give it or skip the section. */
function need<T>(store: T | undefined, what: string): T {
  return store ?? fail(`the stores under test have no ${what}: give it, or skip its section with a reason`);
}

function needAudit(stores: StoresUnderTest): Required<Pick<StoresUnderTest, 'audit' | 'auditRows'>> {
  const audit = need(stores.audit, 'audit sink');
  const auditRows = need(stores.auditRows?.bind(stores), 'auditRows');
  return { audit, auditRows };
}
