import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { JsonObject } from '@xcap/catalog';
import type { AuditRow } from '@xcap/audit';
import type { CallAnswer } from '@xcap/call';
import { createFakeHost, sampleNatives } from '@xcap/host-testing';
import { albumBlocks, type AlbumPhoto } from './album-blocks.js';
import { auditTable } from './audit-table.js';
import { DemoError } from './demo-error.js';

/** Where the demo writes and prints. */
export interface DemoOptions {
  /** Where the album PDF goes (relative to the current directory; default `out/album.pdf`). */
  readonly outPath?: string;
  /** Prints one line (default `console.log`). */
  readonly print?: (line: string) => void;
}

/** What the demo made. */
export interface DemoResult {
  /** The album PDF's absolute path. */
  readonly pdfPath: string;
  readonly pages: number;
  readonly bytes: number;
  readonly auditRows: readonly AuditRow[];
}

const app = 'acme.album';
const runId = 'run-7';

/**
 * The xcap story end to end, on embedded defaults (no input, no network):
 * a scripted album app and its agent on the fake host, through the one call
 * path. The agent lists its tools; asks for photos in the background
 * (refused `consentNeeded`, no sheet); the person opens the app, whose UI
 * picks photos — the consent sheet comes up once, the person allows, the
 * grant persists; the agent lists the library without a sheet, lays the
 * album out with print_pdf (headings, text, the picked photos with
 * captions) and the PDF is written to disk; the audit log is printed as a
 * table. Throws a `DemoError` when any step ends otherwise.
 */
export async function runDemo(options: DemoOptions = {}): Promise<DemoResult> {
  const print = options.print ?? ((line: string) => console.log(line));
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
  const picked = expectResult('foreground pick', await host.ui('photos_pick', { limit: 3 }), 'ok') as unknown as { photos: (AlbumPhoto & { mimeType: string; size: number })[] };
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
  const printed = expectResult('print_pdf', await host.agent('print__pdf', { title: 'Summer at the lake', name: 'album.pdf', blocks }, runId), 'ok') as unknown as {
    file: { fileId: string; name: string; size: number };
    pages: number;
  };
  const stored = await host.file(printed.file.fileId);
  if (stored === undefined || stored.bytes.length !== printed.file.size) throw new DemoError('pdf file', `${printed.file.size} stored bytes`, stored?.bytes.length ?? null);
  say(`→ ${printed.file.name}: ${printed.pages} pages, ${printed.file.size} bytes, app file ${printed.file.fileId}`);

  step(6, 'The agent tries a tool that does not exist: photos__delete');
  const unknown = await host.agent('photos__delete', { id: 'ph-1' }, runId);
  if (unknown.kind !== 'rpcError' || unknown.error.code !== -32602) throw new DemoError('unknown tool', 'JSON-RPC error -32602', unknown);
  say(`→ JSON-RPC error ${unknown.error.code} "${unknown.error.message}" (no hint), and still audited`);

  step(7, `The audit log: one row per call, refusals included (${host.auditRows.length} rows)`);
  for (const line of auditTable(host.auditRows)) say(line);
  const statuses = host.auditRows.map((row) => `${row.status}/${row.error ?? ''}`);
  const expected = ['denied/consentNeeded', 'ok/', 'ok/', 'ok/', 'denied/unknownTool'];
  if (JSON.stringify(statuses) !== JSON.stringify(expected)) throw new DemoError('audit', JSON.stringify(expected), statuses);
  if (host.path.pendingAudit().length !== 0) throw new DemoError('audit', 'no pending rows', host.path.pendingAudit());

  const pdfPath = resolve(options.outPath ?? 'out/album.pdf');
  await mkdir(dirname(pdfPath), { recursive: true });
  await writeFile(pdfPath, stored.bytes);
  step(8, 'The album PDF');
  print(pdfPath);
  return { pdfPath, pages: printed.pages, bytes: stored.bytes.length, auditRows: [...host.auditRows] };
}
