import type { JsonObject } from '@xcap/catalog';
import type { AuditRow } from '@xcap/audit';
import type { CallAnswer } from '@xcap/call';
import { createFakeHost, sampleNatives } from '@xcap/host-testing';
import { albumBlocks, type AlbumPhoto } from '../src/album-blocks.js';
import { DemoError } from '../src/demo-error.js';

/** What the fake-host story made: the PDF's bytes and page count, and the audit rows. */
export interface FakeHostStory {
  readonly pdf: Uint8Array;
  readonly pages: number;
  readonly auditRows: readonly AuditRow[];
  readonly lines: readonly string[];
}

const app = 'acme.album';
const runId = 'run-7';

/**
 * The demo's earlier story, kept as a test: the xcap story end to end, on embedded defaults (no input, no network):
 * a scripted album app and its agent on the fake host, through the one call
 * path. The agent lists its tools; asks for photos in the background
 * (refused `consentNeeded`, no sheet); the person opens the app, whose UI
 * picks photos — the consent sheet comes up once, the person allows, the
 * grant persists; the agent lists the library without a sheet, lays the
 * album out with print_pdf (headings, text, the picked photos with
 * captions) and the PDF is checked; the audit rows are returned. Throws a `DemoError` when any step ends otherwise.
 */
export async function fakeHostStory(): Promise<FakeHostStory> {
  const lines: string[] = [];
  const print = (line: string) => lines.push(line);
  const step = (n: number, title: string) => print(`\n${n}. ${title}`);
  const say = (line: string) => print(`   ${line}`);

  const host = createFakeHost({
    appId: app,
    screens: ['albums', 'page'],
    manifest: [
      { id: 'photos.read', why: 'Pick the photos for your album.' },
      { id: 'print.pdf', why: 'Lay your album out as a PDF.' },
    ],
    provided: ['photos', 'print', 'share', 'notifications'],
    natives: sampleNatives(),
    foreground: false,
    consent: [
      (request) => {
        say(`┌─ consent sheet ─ ${request.sheet.title}`);
        say(`│  ${request.sheet.text}`);
        say('└─ [ Don’t allow ]  [ Allow ]   → the person taps Allow');
        return 'allow';
      },
    ],
  });
  const expectResult = (name: string, answer: CallAnswer, outcome: string | null, text?: string): JsonObject | null => {
    if (answer.kind !== 'result' || answer.outcome !== outcome) throw new DemoError(name, `outcome ${String(outcome)}`, answer);
    if (text !== undefined && answer.result.content[0].text !== text) throw new DemoError(name, JSON.stringify(text), answer.result);
    return answer.result.structuredContent ?? null;
  };

  print(`xcap demo — the album app "${app}" and its agent (${runId}) on the fake host: no device, no network`);

  step(1, 'The agent lists its tools (tools/list)');
  const tools = host.listTools().map((t) => t.name);
  say(tools.join(', '));
  if (!tools.includes('photos__pick') || !tools.includes('print__pdf')) throw new DemoError('tools/list', 'photos__pick and print__pdf', tools);

  step(2, 'The agent, working in the background, asks for photos: photos__pick {"limit":3}');
  expectResult('background pick', await host.agent('photos__pick', { limit: 3 }, runId), null, 'denied: consentNeeded');
  say('→ refused "denied: consentNeeded": photos.read is undecided, and no sheet is ever shown behind the person’s back');
  say(`  sheets shown: ${host.consent.asked.length}, grant photos.read: ${(await host.grant('photos.read')) ?? 'undecided'}`);

  step(3, 'The person opens the album app; its UI picks photos: photos_pick {"limit":3}');
  host.setForeground(true);
  const picked = expectResult('foreground pick', await host.ui('photos_pick', { limit: 3 }), 'ok') as unknown as {
    photos: (AlbumPhoto & { mimeType: string; size: number })[];
  };
  const grant = await host.grant('photos.read');
  if (grant !== 'granted') throw new DemoError('grant', 'photos.read granted', grant);
  say(`→ grant photos.read = ${grant} (persisted in the grant store)`);
  for (const photo of picked.photos) say(`→ ${photo.fileId}  ${photo.name}  ${photo.mimeType}, ${photo.size} bytes, taken ${photo.takenAt ?? 'unknown'}`);

  step(4, 'The agent, now in the foreground, browses the library: photos__list {"limit":10}');
  const listed = expectResult('list', await host.agent('photos__list', { limit: 10 }, runId), 'ok') as unknown as { photos: { name: string }[] };
  say(`→ ${listed.photos.length} photos (${listed.photos.map((p) => p.name).join(', ')}), no sheet: the grant holds`);
  if (host.consent.asked.length !== 1) throw new DemoError('list', 'exactly one sheet so far', host.consent.asked.length);

  step(5, 'The agent lays the album out: print__pdf (headings, text, the picked photos with captions)');
  const blocks = albumBlocks(picked.photos);
  const printed = expectResult(
    'print_pdf',
    await host.agent('print__pdf', { title: 'Summer at the lake', name: 'album.pdf', blocks }, runId),
    'ok',
  ) as unknown as {
    file: { fileId: string; name: string; size: number };
    pages: number;
  };
  const stored = await host.file(printed.file.fileId);
  if (stored === undefined || stored.bytes.length !== printed.file.size)
    throw new DemoError('pdf file', `${printed.file.size} stored bytes`, stored?.bytes.length ?? null);
  say(`→ ${printed.file.name}: ${printed.pages} pages, ${printed.file.size} bytes, app file ${printed.file.fileId}`);

  step(6, 'The agent tries a tool that does not exist: photos__delete');
  const unknown = await host.agent('photos__delete', { id: 'ph-1' }, runId);
  if (unknown.kind !== 'rpcError' || unknown.error.code !== -32602) throw new DemoError('unknown tool', 'JSON-RPC error -32602', unknown);
  say(`→ JSON-RPC error ${unknown.error.code} "${unknown.error.message}" (no hint), and still audited`);

  step(7, `The audit log: one row per call, refusals included (${host.auditRows.length} rows)`);
  const statuses = host.auditRows.map((row) => `${row.status}/${row.error ?? ''}`);
  const expected = ['denied/consentNeeded', 'ok/', 'ok/', 'ok/', 'denied/unknownTool'];
  if (JSON.stringify(statuses) !== JSON.stringify(expected)) throw new DemoError('audit', JSON.stringify(expected), statuses);
  if (host.path.pendingAudit().length !== 0) throw new DemoError('audit', 'no pending rows', host.path.pendingAudit());

  return { pdf: stored.bytes, pages: printed.pages, auditRows: [...host.auditRows], lines };
}
