import { describe, it, expect } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument } from 'pdf-lib';
import { albumBlocks, auditTable, runDemo } from '../src/index.js';

const demoDir = fileURLToPath(new URL('..', import.meta.url));
const tsxLoader = fileURLToPath(new URL('../../../node_modules/tsx/dist/loader.mjs', import.meta.url));

/** Runs the demo's real entry point from `cwd` (through tsx, on the sources). */
function demo(cwd: string, ...args: string[]) {
  return spawnSync(process.execPath, ['--import', tsxLoader, join(demoDir, 'src/main.ts'), ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, TSX_TSCONFIG_PATH: join(demoDir, 'tsconfig.json') },
  });
}

describe('runDemo', () => {
  it('tells the whole story and writes a real two-page album PDF', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xcap-demo-'));
    const lines: string[] = [];
    const result = await runDemo({ outPath: join(dir, 'nested', 'album.pdf'), print: (line) => lines.push(line) });
    expect(result.pdfPath).toBe(join(dir, 'nested', 'album.pdf'));
    expect(lines.at(-1)).toBe(result.pdfPath);
    const bytes = readFileSync(result.pdfPath);
    expect(bytes.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    expect(bytes.length).toBe(result.bytes);
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(2);
    expect(result.pages).toBe(2);
    expect(pdf.getTitle()).toBe('Summer at the lake');
    const text = lines.join('\n');
    expect(text).toContain('photos__get, photos__list, photos__pick, print__pdf, print__print');
    expect(text).toContain('refused "denied: consentNeeded"');
    expect(text).toContain('This app wants to access your photos. Pick the photos for your album.');
    expect(text).toContain('grant photos.read = granted');
    expect(text).toContain('JSON-RPC error -32602');
    expect(result.auditRows.map((r) => [r.clientId, r.tool, r.status, r.error])).toEqual([
      ['run-7', 'photos__pick', 'denied', 'consentNeeded'],
      ['ui', 'photos__pick', 'ok', null],
      ['run-7', 'photos__list', 'ok', null],
      ['run-7', 'print__pdf', 'ok', null],
      ['run-7', 'photos__delete', 'denied', 'unknownTool'],
    ]);
  });
});

describe('the demo command', () => {
  it('writes to argv[2], prints the absolute path last and exits 0', () => {
    const dir = mkdtempSync(join(tmpdir(), 'xcap-demo-'));
    const child = demo(dir, 'my-album.pdf');
    expect(child.stderr).toBe('');
    expect(child.status).toBe(0);
    const last = child.stdout.trimEnd().split('\n').at(-1)!;
    expect(isAbsolute(last)).toBe(true);
    expect(last).toBe(join(dir, 'my-album.pdf'));
    expect(readFileSync(last).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('writes out/album.pdf under the current directory by default', () => {
    const dir = mkdtempSync(join(tmpdir(), 'xcap-demo-'));
    const child = demo(dir);
    expect(child.status).toBe(0);
    expect(child.stdout.trimEnd().split('\n').at(-1)).toBe(join(dir, 'out', 'album.pdf'));
    expect(readFileSync(join(dir, 'out', 'album.pdf')).length).toBeGreaterThan(1000);
  });

  it('exits non-zero when a step cannot finish', () => {
    const dir = mkdtempSync(join(tmpdir(), 'xcap-demo-'));
    writeFileSync(join(dir, 'blocker'), 'a file where a folder should be');
    const child = demo(dir, 'blocker/album.pdf');
    expect(child.status).toBe(1);
    expect(child.stderr).toMatch(/^xcap demo failed: /);
  });
});

describe('demo parts', () => {
  it('auditTable pads the columns and shortens the hash', () => {
    const lines = auditTable([{ appId: 'a', clientId: 'ui', tool: 'photos__pick', status: 'ok', error: null, argsHash: `sha256:${'ab'.repeat(32)}` }]);
    expect(lines).toEqual(['#  client  tool          status  error  argsHash', '─  ──────  ────────────  ──────  ─────  ────────────────────', '1  ui      photos__pick  ok      —      sha256:abababababab…']);
  });

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
