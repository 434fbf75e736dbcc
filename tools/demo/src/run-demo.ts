import { mkdir, mkdtemp, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ProtocolError, type CallToolResult, type ProtocolEra } from '@modelcontextprotocol/client';
import { albumBlocks, type AlbumPhoto } from './album-blocks.js';
import { answerInConsole } from './answer-in-console.js';
import { connectAgent, demoProtocolVersion, type AgentConnection, type ElicitQuestion } from './agent-connection.js';
import { chooseInForm, describeForm, formFields } from './consent-form-answer.js';
import { DemoError } from './demo-error.js';
import { albumManifest, createSampleWorkspace, type SampleWorkspace } from './sample-workspace.js';
import { runXcap } from './xcap-command.js';

/** Where the demo works and how it prints. */
export interface DemoOptions {
  /** The folder a fresh workspace is made in (default `out/` under the current directory). */
  readonly outDir?: string;
  /** Prints one line (default `console.log`). */
  readonly print?: (line: string) => void;
}

/** What the demo made. */
export interface DemoResult {
  /** The workspace (data dir, photos, manifest, the save folder). */
  readonly workspace: SampleWorkspace;
  /** The album PDF as files_save wrote it (absolute). */
  readonly pdfPath: string;
  /** The screenshot of the console (`console.png` beside the PDF), taken with the consent sheet showing (the picker's is `console-picker.png`). */
  readonly screenshotPath: string;
  readonly pages: number;
  readonly bytes: number;
  /** The three agent runs' ids (the audit clientIds): background, console, elicitation. */
  readonly runIds: readonly string[];
  /** The protocol era each run's client negotiated (`client.getProtocolEra()`). */
  readonly eras: readonly ProtocolEra[];
  /** What the agent's client was asked in run 2 (the consent form), as the SDK delivered it. */
  readonly asked: readonly ElicitQuestion[];
  /** `xcap audit --json`, oldest first. */
  readonly auditRows: readonly {
    readonly clientId: string;
    readonly tool: string;
    readonly status: string;
    readonly error: string | null;
    readonly argsHash: string;
  }[];
}

const app = 'acme.album';

/**
 * The xcap story for real: a fresh workspace (data dir, manifest, a photo
 * folder of real PNGs and JPEGs); `xcap serve` started as a child process
 * with the official MCP SDK v2 client as the agent over stdio, pinned to
 * the 2026-07-28 protocol (the negotiated era is printed and must be
 * `modern`). Run 1 (background, no one there): tools/list; photos__pick is
 * refused `consentNeeded`; the person grants photos.read with `xcap grant`
 * (another child process); the agent lists and picks photos (stored as app
 * files); print__pdf is refused `needsForeground`. The person revokes
 * photos.read (`xcap revoke`). The console run (`--foreground --consent
 * console`, the client without elicitation): photos__pick waits while the
 * demo opens the console's login URL in headless Chromium, clicks Always allow on
 * the sheet, ticks two photos, writes `console.png` beside the PDF and
 * clicks Choose; the call answers exactly those two; photos.read is revoked
 * again. Run 2 (`--foreground --consent elicit`):
 * photos__list meets the undecided scope, the server answers
 * `input_required`, the demo's client prints the consent form it was asked
 * and answers Allow for the person, and the call goes on; print__pdf lays
 * the album out from the app files of run 1, files__save saves it, an
 * unknown tool gets -32602. Then `xcap audit` prints the SQLite log — with
 * the pair of rows of the consent given in the client — and the
 * screenshot's path, then the PDF's path, are printed last. Throws a `DemoError` when a step ends otherwise.
 */
export async function runDemo(options: DemoOptions = {}): Promise<DemoResult> {
  const print = options.print ?? ((line: string) => console.log(line));
  let stepNo = 0;
  const step = (title: string) => print(`\n${++stepNo}. ${title}`);
  const say = (line: string) => print(`   ${line}`);
  const sayBlock = (text: string) =>
    text
      .trimEnd()
      .split('\n')
      .forEach((line) => say(line));
  const text = (result: CallToolResult) => (result.content[0]?.type === 'text' ? result.content[0].text : '');
  const expectRefusal = (name: string, result: CallToolResult, refusal: string) => {
    if (result.isError !== true || text(result) !== refusal) throw new DemoError(name, JSON.stringify(refusal), result);
    say(`→ refused "${refusal}"`);
  };
  const expectOk = <T>(name: string, result: CallToolResult): T => {
    if (result.isError === true || result.structuredContent === undefined) throw new DemoError(name, 'a result', result);
    return result.structuredContent as T;
  };
  const expectModern = (run: AgentConnection) => {
    if (run.era !== 'modern') throw new DemoError('protocol era', `modern (${demoProtocolVersion})`, run.era);
    say(`negotiated protocol era: ${run.era} (${demoProtocolVersion})`);
  };
  const xcap = async (...args: string[]) => {
    say(`$ xcap ${args.map((a) => (/^[\w./@:=-]+$/.test(a) ? a : JSON.stringify(a))).join(' ')}`);
    const run = await runXcap(args);
    if (run.code !== 0) throw new DemoError(`xcap ${args[0] ?? ''}`, 'exit 0', run);
    return run.stdout;
  };

  const outDir = resolve(options.outDir ?? 'out');
  await mkdir(outDir, { recursive: true });
  const ws = await createSampleWorkspace(await mkdtemp(join(outDir, 'demo-')));
  const serveArgs = ['--manifest', ws.manifest, '--data', ws.data, '--photos', ws.photos, '--files', ws.saved];

  print(`xcap demo — the album app "${app}" and its agent, through the real Node host (xcap serve, MCP over stdio, protocol ${demoProtocolVersion})`);
  step('A fresh workspace');
  say(`data dir   ${ws.data}   (consent.json, files/, audit.sqlite appear here)`);
  say(`manifest   ${ws.manifest}   (app ${albumManifest.id}: ${albumManifest.capabilities.map((c) => c.id).join(', ')})`);
  say(`photos     ${ws.photos}   (3 PNG photos, 2 camera JPEGs with Exif dates)`);
  say(`save into  ${ws.saved}`);

  step(`The agent starts its run: xcap serve in the background, the official MCP SDK v2 client over stdio, pinned to ${demoProtocolVersion}`);
  const run1 = await connectAgent(serveArgs);
  say(run1.startLine);
  expectModern(run1);

  step('tools/list');
  const { tools } = await run1.client.listTools();
  say(tools.map((t) => t.name).join(', '));
  if (!tools.some((t) => t.name === 'photos__pick') || !tools.some((t) => t.name === 'print__pdf'))
    throw new DemoError('tools/list', 'photos__pick and print__pdf', tools);

  step('The agent asks for photos, with no one at the screen: photos__pick {"limit":3}');
  expectRefusal('background pick', await run1.call('photos__pick', { limit: 3 }), 'denied: consentNeeded');
  say('  photos.read is undecided, and no consent question is ever put behind the person’s back');

  step('The person grants photos.read from the command line (the same grant path a consent sheet uses)');
  sayBlock(await xcap('grant', app, 'photos.read', '--data', ws.data));
  sayBlock(await xcap('grants', '--data', ws.data));

  step('The agent browses the library and picks photos: photos__list, photos__pick {"limit":3}');
  const listed = expectOk<{ photos: { name: string; takenAt: string | null }[] }>('list', await run1.call('photos__list', { limit: 10 }));
  say(`→ ${listed.photos.length} photos, newest first: ${listed.photos.map((p) => p.name).join(', ')}`);
  const picked = expectOk<{ photos: (AlbumPhoto & { size: number; mimeType: string })[] }>('pick', await run1.call('photos__pick', { limit: 3 }));
  for (const photo of picked.photos)
    say(`→ app file ${photo.fileId}  ${photo.name}  ${photo.mimeType}, ${photo.size} bytes, taken ${photo.takenAt ?? 'unknown'}`);

  step('The agent tries to lay the album out while still alone: print__pdf');
  expectRefusal('background print', await run1.call('print__pdf', { title: 'Summer at the lake', blocks: [{ heading: 'x' }] }), 'denied: needsForeground');
  say('  printing and saving are pickers: they need the person there');
  await run1.close();
  say(`run ${run1.runId} ended`);

  step('The person takes photos.read back: undecided again, so the next time the agent needs it, the person is asked');
  sayBlock(await xcap('revoke', app, 'photos.read', '--data', ws.data));

  step('The person is at the desktop, but the agent’s client cannot ask: xcap serve --foreground --consent console (a local web page asks)');
  const consoleRun = await connectAgent([...serveArgs, '--foreground', '--consent', 'console', '--console', '127.0.0.1:0']);
  say(consoleRun.startLine);
  expectModern(consoleRun);
  const deadline = Date.now() + 10_000;
  const loginLine = () => /^xcap serve: console at (http:\/\/\S+)$/m.exec(consoleRun.stderr())?.[1];
  while (loginLine() === undefined && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  const loginUrl = loginLine();
  if (loginUrl === undefined) throw new DemoError('console start', 'the line "xcap serve: console at <url>" on stderr', consoleRun.stderr());
  say(`xcap serve: console at ${new URL(loginUrl).origin}/login?secret=… (a secret drawn for this start; opening it signs the browser in)`);

  step('The agent picks photos: photos__pick {"limit":2} — the call waits; the person answers in the console (headless Chromium, clicked by the demo)');
  const consolePick = consoleRun.call('photos__pick', { limit: 2 });
  const screenshotPath = join(ws.saved, 'console.png');
  const chosenNames = ['Evening pier.jpg', 'Harbour at noon.jpg'];
  const seen = await answerInConsole(loginUrl, chosenNames, screenshotPath);
  say(`the consent sheet: ${seen.sheet} → Always allow`);
  say(`the photo picker offers ${seen.offered.join(', ')} → ticks ${chosenNames.join(', ')} → Choose`);
  const consolePicked = expectOk<{ photos: { name: string }[] }>('pick in the console', await consolePick);
  const pickedNames = consolePicked.photos.map((photo) => photo.name).sort();
  if (JSON.stringify(pickedNames) !== JSON.stringify([...chosenNames].sort()))
    throw new DemoError('pick in the console', JSON.stringify(chosenNames), pickedNames);
  say(`→ the call answered exactly the chosen photos: ${consolePicked.photos.map((photo) => photo.name).join(', ')}`);
  say(`screenshot of the console: ${screenshotPath} (the sheet; the picker beside it, console-picker.png)`);
  await consoleRun.close();
  say(`run ${consoleRun.runId} ended`);
  sayBlock(await xcap('revoke', app, 'photos.read', '--data', ws.data));

  step('The person opens the album app: a new run, xcap serve --foreground --consent elicit (consent asked in the agent’s own client)');
  const asked: ElicitQuestion[] = [];
  const run2 = await connectAgent([...serveArgs, '--foreground', '--consent', 'elicit'], (question) => {
    asked.push(question);
    const fields = formFields(question.requestedSchema);
    const answer = chooseInForm(fields, 'allow');
    say(`┌─ the agent’s client is asked: ${question.message}`);
    for (const line of describeForm(fields)) say(`│  ${line}`);
    say(`└─ the person answers in the client → ${answer.action}${answer.content === undefined ? '' : ` ${JSON.stringify(answer.content)}`}`);
    return answer;
  });
  say(run2.startLine);
  expectModern(run2);

  step('The agent looks at the library again: photos__list {"limit":10} — photos.read is undecided and the person is there');
  const relisted = expectOk<{ photos: { name: string }[] }>('list after consent', await run2.call('photos__list', { limit: 10 }));
  if (asked.length !== 1) throw new DemoError('consent in the client', 'exactly one question', asked);
  say(
    `→ the call went on after the answer: ${relisted.photos.length} photos (the server answered input_required with a signed requestState; the client answered and retried by itself)`,
  );
  sayBlock(await xcap('grants', '--data', ws.data));

  step('The agent lays the album out from the app files of run 1: print__pdf (headings, text, photos with captions)');
  const printed = expectOk<{ file: { fileId: string; name: string; size: number }; pages: number }>(
    'print_pdf',
    await run2.call('print__pdf', { title: 'Summer at the lake', name: 'album.pdf', blocks: albumBlocks(picked.photos) }),
  );
  say(`→ ${printed.file.name}: ${printed.pages} pages, ${printed.file.size} bytes, app file ${printed.file.fileId}`);

  step('The agent saves the PDF where the person keeps files: files__save');
  const saved = expectOk<{ saved: boolean }>('files_save', await run2.call('files__save', { name: 'album.pdf', fileId: printed.file.fileId }));
  if (!saved.saved) throw new DemoError('files_save', 'saved: true', saved);
  const pdfPath = join(ws.saved, 'album.pdf');
  const bytes = await readFile(pdfPath);
  if (bytes.length !== printed.file.size || bytes.subarray(0, 5).toString('latin1') !== '%PDF-')
    throw new DemoError('saved PDF', `${printed.file.size} bytes of PDF`, bytes.length);
  say(`→ saved ${pdfPath} (${bytes.length} bytes)`);

  step('The agent tries a tool that does not exist: photos__delete');
  const unknown = await run2.client.callTool({ name: 'photos__delete', arguments: { id: 'x' } }).then(
    (result) => result,
    (error: unknown) => error,
  );
  if (!(unknown instanceof ProtocolError) || unknown.code !== -32602) throw new DemoError('unknown tool', 'JSON-RPC error -32602', unknown);
  say(`→ JSON-RPC error ${unknown.code} (${unknown.message}), no hint — and still audited`);
  await run2.close();
  say(`run ${run2.runId} ended`);

  step('The audit log in SQLite: one row per tools/call request, refusals included');
  sayBlock(await xcap('audit', '--data', ws.data));
  const auditRows = (JSON.parse(await runXcap(['audit', '--json', '--data', ws.data]).then((r) => r.stdout)) as DemoResult['auditRows'][number][]).reverse();
  const statuses = auditRows.map((row) => `${row.tool} ${row.status}${row.error === null ? '' : `/${row.error}`}`);
  const expected = [
    'photos__pick denied/consentNeeded',
    'photos__list ok',
    'photos__pick ok',
    'print__pdf denied/needsForeground',
    'photos__pick ok',
    'photos__list denied/consentNeeded',
    'photos__list ok',
    'print__pdf ok',
    'files__save ok',
    'photos__delete denied/unknownTool',
  ];
  if (JSON.stringify(statuses) !== JSON.stringify(expected)) throw new DemoError('audit', JSON.stringify(expected), statuses);
  const [askedRow, answeredRow] = auditRows.slice(5, 7);
  if (
    askedRow === undefined ||
    answeredRow === undefined ||
    askedRow.clientId !== run2.runId ||
    answeredRow.clientId !== run2.runId ||
    askedRow.argsHash !== answeredRow.argsHash
  ) {
    throw new DemoError('audit pair', `two photos__list rows of run ${run2.runId} with one argsHash`, [askedRow, answeredRow]);
  }
  say(`the consent given in the agent’s client is the pair of photos__list rows of run ${run2.runId}, argsHash ${askedRow.argsHash.slice(0, 19)}…:`);
  say('  denied/consentNeeded — the round answered input_required (no consent yet), then ok — the client’s retry with the answer');

  step('The console screenshot and the album PDF');
  print(screenshotPath);
  print(pdfPath);
  return {
    workspace: ws,
    pdfPath,
    screenshotPath,
    pages: printed.pages,
    bytes: bytes.length,
    runIds: [run1.runId, consoleRun.runId, run2.runId],
    eras: [run1.era, consoleRun.era, run2.era],
    asked,
    auditRows,
  };
}
