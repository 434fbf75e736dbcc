import { beforeAll, describe, it, expect, vi } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument } from 'pdf-lib';
import { albumBlocks, albumManifest, chooseInForm, describeForm, formFields, runDemo } from '../src/index.js';
import { ensureFreshBuild, xcapBundle } from '@xcap/test-support';
import { fakeHostStory } from './fake-host-story.js';

// The demo runs xcap serve and its providers as child processes end to end: 10-12 s on two busy cores, so more than the shared 20 s.
vi.setConfig({ testTimeout: 60_000 });

const demoDir = fileURLToPath(new URL('..', import.meta.url));
const tsxLoader = fileURLToPath(new URL('../../../node_modules/tsx/dist/loader.mjs', import.meta.url));

/** Runs the demo's real entry point from `cwd` (through tsx, on the sources; `xcap serve` runs from the built host-node). */
function demo(cwd: string, ...args: string[]) {
  return spawnSync(process.execPath, ['--import', tsxLoader, join(demoDir, 'src/main.ts'), ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, TSX_TSCONFIG_PATH: join(demoDir, 'tsconfig.json') },
  });
}

/** The real-host tests run `xcap serve` from the built @xcap/host-node: its bundle, rebuilt once when older than a source it holds. */
function requireBuiltHost(): void {
  ensureFreshBuild(xcapBundle);
}

describe('runDemo: the real host', () => {
  beforeAll(requireBuiltHost);
  it('tells the whole story through xcap serve and the v2 client on 2026-07-28, consent asked in the client, and saves a real two-page album PDF', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xcap-demo-'));
    try {
      const lines: string[] = [];
      const result = await runDemo({ outDir: join(dir, 'out'), print: (line) => lines.push(line) });
      expect(result.pdfPath).toBe(join(result.workspace.saved, 'album.pdf'));
      expect(result.pdfPath.startsWith(join(dir, 'out', 'demo-'))).toBe(true);
      expect(lines.at(-1)).toBe(result.pdfPath);
      const bytes = readFileSync(result.pdfPath);
      expect(bytes.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
      expect(bytes.length).toBe(result.bytes);
      const pdf = await PDFDocument.load(bytes);
      expect(pdf.getPageCount()).toBe(2);
      expect(result.pages).toBe(2);
      expect(pdf.getTitle()).toBe('Summer at the lake');

      // Both runs negotiated the modern era, as the client reported it.
      expect(result.eras).toEqual(['modern', 'modern', 'modern']);
      const text = lines.join('\n');
      expect(text.match(/negotiated protocol era: (\S+)/g)).toEqual(Array(3).fill('negotiated protocol era: modern'));

      // The console run: the person answered in headless Chromium; the screenshot lies beside the PDF and is printed before it.
      expect(result.screenshotPath).toBe(join(result.workspace.saved, 'console.png'));
      expect(readFileSync(result.screenshotPath).subarray(1, 4).toString('latin1')).toBe('PNG');
      expect(lines.at(-2)).toBe(result.screenshotPath);
      expect(text).toMatch(/the consent sheet: [^\n]+: [^\n]*acme\.album,? (asks )?to access your photos\. → Always allow/);
      expect(
        readFileSync(result.screenshotPath.replace(/\.png$/, '-picker.png'))
          .subarray(1, 4)
          .toString('latin1'),
      ).toBe('PNG');
      expect(text).toContain('→ the call answered exactly the chosen photos: ');
      expect(text).toMatch(/the photo picker offers Evening pier\.jpg, Sunset\.png, Harbour at noon\.jpg, Forest walk\.png, Lake at dawn\.png → /);

      // One consent question reached the agent's client, carrying the manifest's why and the three answers (Allow once, Always allow, Don’t allow); the demo printed what it was asked.
      expect(result.asked).toHaveLength(1);
      const question = result.asked[0]!;
      expect(question.message).toContain(albumManifest.capabilities.find((c) => c.id === 'photos.read')?.why);
      expect(formFields(question.requestedSchema).flatMap((f) => f.choices.map((c) => c.value))).toEqual(['allowOnce', 'allow', 'deny']);
      expect(text).toContain(`the agent’s client is asked: ${question.message}`);

      expect(text).toContain('files__save, photos__get, photos__list, photos__pick, print__pdf, print__print');
      expect(text).toContain('refused "denied: consentNeeded"');
      expect(text).toContain('$ xcap grant acme.album photos.read --data');
      expect(text).toContain('$ xcap revoke acme.album photos.read --data');
      expect(text).toContain('Evening pier.jpg  image/jpeg');
      expect(text).toContain('taken 2026-07-17T19:45:00');
      expect(text).toContain('refused "denied: needsForeground"');
      expect(text).toContain('JSON-RPC error -32602 (Unknown tool: photos__delete)');
      expect(text).toMatch(/\$ xcap audit --data .*\n\s+at\s+app\s+client\s+tool\s+status/);
      const [run1, consoleRun, run2] = result.runIds;
      expect(new Set(result.runIds).size).toBe(3);
      expect(result.auditRows.map((r) => [r.clientId, r.tool, r.status, r.error])).toEqual([
        [run1, 'photos__pick', 'denied', 'consentNeeded'],
        [run1, 'photos__list', 'ok', null],
        [run1, 'photos__pick', 'ok', null],
        [run1, 'print__pdf', 'denied', 'needsForeground'],
        // Consent and the picker answered in the console: the call waited, one row.
        [consoleRun, 'photos__pick', 'ok', null],
        // The pair of a consent given in the client: the round answered input_required, then the retry.
        [run2, 'photos__list', 'denied', 'consentNeeded'],
        [run2, 'photos__list', 'ok', null],
        [run2, 'print__pdf', 'ok', null],
        [run2, 'files__save', 'ok', null],
        [run2, 'photos__delete', 'denied', 'unknownTool'],
      ]);
      expect(result.auditRows[5]?.argsHash).toBe(result.auditRows[6]?.argsHash);
      // The answer given in the client was stored as a grant (after the revoke between the runs).
      expect(readFileSync(join(result.workspace.data, 'consent.json'), 'utf8')).toContain('"photos.read": "granted"');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the demo command', () => {
  beforeAll(requireBuiltHost);
  it('works in out/ under the current directory, prints the absolute PDF path last and exits 0', () => {
    const dir = mkdtempSync(join(tmpdir(), 'xcap-demo-'));
    try {
      const child = demo(dir);
      expect(child.stderr).toBe('');
      expect(child.status).toBe(0);
      const last = child.stdout.trimEnd().split('\n').at(-1) ?? '';
      expect(isAbsolute(last)).toBe(true);
      expect(last.startsWith(join(dir, 'out', 'demo-'))).toBe(true);
      expect(readFileSync(last).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('exits non-zero with one line when a step cannot finish', () => {
    const dir = mkdtempSync(join(tmpdir(), 'xcap-demo-'));
    try {
      writeFileSync(join(dir, 'blocker'), 'a file where a folder should be');
      const child = demo(dir, 'blocker');
      expect(child.status).toBe(1);
      expect(child.stderr).toMatch(/^xcap demo failed: [^\n]+\n$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the earlier fake-host story (in-process, memory stores, scripted natives)', () => {
  it('still runs end to end: consentNeeded in the background, one sheet in the foreground, a two-page PDF', async () => {
    const story = await fakeHostStory();
    expect(story.pages).toBe(2);
    expect((await PDFDocument.load(story.pdf)).getTitle()).toBe('Summer at the lake');
    expect(story.lines.join('\n')).toContain('This app wants to access your photos. Pick the photos for your album.');
    expect(story.auditRows.map((r) => [r.clientId, r.tool, r.status, r.error])).toEqual([
      ['run-7', 'photos__pick', 'denied', 'consentNeeded'],
      ['ui', 'photos__pick', 'ok', null],
      ['run-7', 'photos__list', 'ok', null],
      ['run-7', 'print__pdf', 'ok', null],
      ['run-7', 'photos__delete', 'denied', 'unknownTool'],
    ]);
  });
});

describe('demo parts', () => {
  it('albumBlocks captions each photo with its name and day', () => {
    const blocks = albumBlocks([
      { fileId: 'blob-1', name: 'Lake.png', takenAt: '2026-07-14T05:40:00Z' },
      { fileId: 'blob-2', name: 'Sunset', takenAt: null },
    ]);
    expect(blocks.filter((b) => 'image' in b)).toEqual([
      { image: 'blob-1', caption: 'Lake, 2026-07-14' },
      { image: 'blob-2', caption: 'Sunset' },
    ]);
    expect(blocks[0]).toEqual({ heading: 'Summer at the lake' });
    expect(blocks).toContainEqual({ pageBreak: true });
  });

  it('formFields reads a form as a client renders it: titles, required, choices from oneOf or enum', () => {
    const fields = formFields({
      type: 'object',
      properties: {
        answer: {
          type: 'string',
          title: 'Your answer',
          oneOf: [
            { const: 'allow', title: 'Allow' },
            { const: 'deny', title: 'Don’t allow' },
          ],
        },
        size: { type: 'string', enum: ['small', 'large'] },
        note: { type: 'string' },
      },
      required: ['answer'],
    });
    // Each field as [name, title, required, "value=title" of each choice], and no field has keys besides those four.
    expect(fields.map((f) => [f.name, f.title, f.required, f.choices.map((c) => `${c.value}=${c.title}`)])).toEqual([
      ['answer', 'Your answer', true, ['allow=Allow', 'deny=Don’t allow']],
      ['size', 'size', false, ['small=small', 'large=large']],
      ['note', 'note', false, []],
    ]);
    expect(fields.every((f) => Object.keys(f).sort().join() === 'choices,name,required,title')).toBe(true);
    expect(describeForm(fields)).toEqual(['Your answer (answer, required): Allow | Don’t allow', 'size (size): small | large', 'note (note): free text']);
    expect(formFields(undefined)).toEqual([]);
    expect(formFields({ properties: 'not an object' })).toEqual([]);
  });

  it('chooseInForm accepts the choice where a field offers it, and declines a form it does not understand', () => {
    const fields = formFields({ properties: { answer: { oneOf: [{ const: 'allow' }, { const: 'deny' }] } } });
    expect(chooseInForm(fields, 'allow')).toEqual({ action: 'accept', content: { answer: 'allow' } });
    expect(chooseInForm(formFields({ properties: { answer: { enum: ['yes', 'no'] } } }), 'allow')).toEqual({ action: 'decline' });
    expect(chooseInForm([], 'allow')).toEqual({ action: 'decline' });
  });
});
