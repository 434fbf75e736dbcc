import { beforeAll, describe, it, expect } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument } from 'pdf-lib';
import { albumBlocks, runDemo, xcapBin } from '../src/index.js';
import { fakeHostStory } from './fake-host-story.js';

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

/** The real-host tests run `xcap serve` from the built @xcap/host-node (npm test builds it first). */
function requireBuiltHost(): void {
  const main = join(dirname(xcapBin()), '..', 'dist', 'cli', 'main.js');
  if (!existsSync(main)) throw new Error(`${main} is missing: build @xcap/host-node first (npm run build)`);
}

describe('runDemo: the real host', () => {
  beforeAll(requireBuiltHost);
  it('tells the whole story through xcap serve and the SDK client, and saves a real two-page album PDF', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xcap-demo-'));
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
    const text = lines.join('\n');
    expect(text).toContain('files__save, photos__get, photos__list, photos__pick, print__pdf, print__print');
    expect(text).toContain('refused "denied: consentNeeded"');
    expect(text).toContain('$ xcap grant acme.album photos.read --data');
    expect(text).toContain('Evening pier.jpg  image/jpeg');
    expect(text).toContain('taken 2026-07-17T19:45:00');
    expect(text).toContain('refused "denied: needsForeground"');
    expect(text).toContain('JSON-RPC error -32602 (MCP error -32602: Unknown tool: photos__delete)');
    expect(text).toMatch(/\$ xcap audit --data .*\n\s+at\s+app\s+client\s+tool\s+status/);
    const [run1, run2] = result.runIds;
    expect(run1).not.toBe(run2);
    expect(result.auditRows.map((r) => [r.clientId, r.tool, r.status, r.error])).toEqual([
      [run1, 'photos__pick', 'denied', 'consentNeeded'],
      [run1, 'photos__list', 'ok', null],
      [run1, 'photos__pick', 'ok', null],
      [run1, 'print__pdf', 'denied', 'needsForeground'],
      [run2, 'print__pdf', 'ok', null],
      [run2, 'files__save', 'ok', null],
      [run2, 'photos__delete', 'denied', 'unknownTool'],
    ]);
    expect(readFileSync(join(result.workspace.data, 'consent.json'), 'utf8')).toContain('"photos.read": "granted"');
  });
});

describe('the demo command', () => {
  beforeAll(requireBuiltHost);
  it('works in out/ under the current directory, prints the absolute PDF path last and exits 0', () => {
    const dir = mkdtempSync(join(tmpdir(), 'xcap-demo-'));
    const child = demo(dir);
    expect(child.stderr).toBe('');
    expect(child.status).toBe(0);
    const last = child.stdout.trimEnd().split('\n').at(-1) ?? '';
    expect(isAbsolute(last)).toBe(true);
    expect(last.startsWith(join(dir, 'out', 'demo-'))).toBe(true);
    expect(readFileSync(last).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('exits non-zero with one line when a step cannot finish', () => {
    const dir = mkdtempSync(join(tmpdir(), 'xcap-demo-'));
    writeFileSync(join(dir, 'blocker'), 'a file where a folder should be');
    const child = demo(dir, 'blocker');
    expect(child.status).toBe(1);
    expect(child.stderr).toMatch(/^xcap demo failed: [^\n]+\n$/);
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
});
