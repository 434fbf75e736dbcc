import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { consentSheet } from '@xcap/broker';
import { loadCatalog, qualifiedToolName } from '@xcap/catalog/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogDocs } from '../src/docs/catalog-docs.js';
import { consentSheetTemplate, originsPlaceholder, whyPlaceholder } from '../src/docs/consent-template.js';
import { docsStep, takeDocsOption } from '../src/docs/docs-option.js';
import { checkDocs, writeDocs } from '../src/docs/docs-output.js';
import { mdText } from '../src/docs/markdown.js';
import { schemaTable } from '../src/docs/schema-table.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const fixtureText = readFileSync(join(root, 'fixtures/capabilities.json'), 'utf8');
const fixture = JSON.parse(fixtureText);
const catalog = loadCatalog(fixture);
const toolTable = { text: readFileSync(join(root, 'fixtures/tool-annotations.json'), 'utf8'), source: 'fixtures/tool-annotations.json' };
const files = catalogDocs(fixtureText, 'fixtures/capabilities.json', toolTable);
const page = (path: string) => files.find((f) => f.path === path)?.content ?? '';

describe('the catalog reference (docs/catalog)', () => {
  it('is committed and fresh: the repository folder holds exactly the generated files', () => {
    expect(checkDocs(join(root, 'docs/catalog'), files)).toEqual([]);
  });

  it('is deterministic and every file carries the generated-file header', () => {
    expect(catalogDocs(fixtureText, 'fixtures/capabilities.json', toolTable)).toEqual(files);
    for (const f of files) expect(f.content.startsWith('<!-- generated from fixtures/capabilities.json by tools/codegen — do not edit -->\n')).toBe(true);
  });

  it('names every capability, scope and tool (with its UI and agent names)', () => {
    const index = page('index.md');
    let checked = 0;
    for (const cap of catalog.capabilities) {
      expect(index).toContain(`[\`${cap.name}\`](capabilities/${cap.name}.md)`);
      const text = page(`capabilities/${cap.name}.md`);
      expect(text).toContain(`# ${cap.label} (\`${cap.name}\`)`);
      for (const scope of cap.scopes) {
        expect(text).toContain(`### \`${scope.id}\``);
        for (const bare of scope.tools) {
          const name = `${cap.name}_${bare}`;
          expect(index).toContain(`\`${name}\``);
          expect(text).toContain(`### \`${name}\``);
          expect(text).toContain(`- **agent name**: \`${qualifiedToolName('ui', name)}\``);
          checked++;
        }
      }
    }
    for (const tool of catalog.tools)
      expect(page(`capabilities/${tool.name.split('_')[0]}.md`)).toContain(`### \`${tool.name}\`\n\n${mdText(tool.description)}`);
    expect(checked).toBe(19);
  });

  it('links only relatively, and every link resolves to a generated page', () => {
    const paths = new Set(files.map((f) => f.path));
    let links = 0;
    for (const f of files) {
      for (const m of f.content.matchAll(/\]\(([^)]+)\)/g)) {
        const target = m[1] ?? '';
        expect(target).not.toMatch(/^(?:[a-z]+:|\/)/);
        expect(paths.has(posix.join(posix.dirname(f.path), target))).toBe(true);
        links++;
      }
    }
    expect(links).toBeGreaterThan(files.length);
  });

  it('shows bounds, formats, defaults, enums, nested paths and the object rules in words', () => {
    const photos = page('capabilities/photos.md');
    expect(photos).toContain('| `limit` | integer | no | 1–50 | `1` |');
    expect(photos).toContain('| `photos[].takenAt` | string or null | yes |  | `date-time` |');
    const print = page('capabilities/print.md');
    expect(print).toContain('| `blocks[].pageBreak` | boolean | no |  | `true` |');
    expect(print).toContain('- `blocks[]`: give exactly one of `heading`, `text`, `image` or `pageBreak`.');
    expect(print).toContain('- `blocks[]`: when `caption` is given, `image` must be given too.');
    expect(print).toContain('None: the engine answers this tool itself');
    const share = page('capabilities/share.md');
    expect(share).toContain('- Give at least one of `text`, `url` or `fileId`.');
    expect(share).toContain('| `url` | string | no |  | `uri` |');
    expect(page('capabilities/notifications.md')).toContain('| `tap.type` | string | yes |  |  | `"notificationTap"` |');
  });

  it('shows each scope: consent kind, what the person sees, host-only, origins, host', () => {
    expect(page('capabilities/http.md')).toContain('“This app wants to connect to ‹origins›. ‹why›”');
    expect(page('capabilities/http.md')).toMatch(/- \*\*origins\*\*: required — the spec: “the manifest entry must list `origins`/);
    expect(page('capabilities/shell.md')).toMatch(/- \*\*host-only\*\*: yes — the spec: “a scope of the host itself/);
    expect(page('capabilities/files.md')).toMatch(/- \*\*consent\*\*: `picker` — the spec: “the platform's own picker or sheet IS the consent/);
    expect(page('capabilities/windows.md')).toContain('Provided only by the host `ede`');
    expect(page('capabilities/windows.md')).toContain('- **host**: `ede`');
    expect(page('capabilities/camera.md')).toContain('No v1 contract');
  });

  it('the consent sheet text is the broker’s own for every ask scope', () => {
    let asked = 0;
    for (const cap of catalog.capabilities) {
      for (const scope of cap.scopes) {
        const template = consentSheetTemplate(cap, scope);
        if (scope.hostOnly === true || scope.consent !== 'ask') {
          expect(template).toBeNull();
          continue;
        }
        const entry = { id: scope.id, why: 'To show your week.', origins: ['https://a.example', 'https://b.example:8443'] };
        const sheet = consentSheet(catalog, scope.id, entry);
        expect(template?.title).toBe(sheet.title);
        expect(template?.text.replace(originsPlaceholder, 'a.example and b.example:8443').replace(whyPlaceholder, entry.why)).toBe(sheet.text);
        asked++;
      }
    }
    expect(asked).toBe(10);
  });

  it('quotes the broker’s decision order and the audit vocabulary from the $comment word for word', () => {
    const text = page('broker-and-audit.md');
    const steps = [...text.matchAll(/^(\d+)\. (.*)$/gm)].map((m) => m[2] ?? '');
    expect(steps).toHaveLength(7);
    expect(steps[0]).toMatch(/^`unknown` \(no such capability or tool/);
    expect(steps[6]).toMatch(/^for `ask`: the stored grant/);
    for (const step of steps) expect(fixture.$comment).toContain(step);
    const fields = [...text.matchAll(/^\| `(\w+)` \| (.*) \|$/gm)].map((m) => [m[1], m[2]]);
    expect(fields.map(([name]) => name)).toEqual(['appId', 'clientId', 'tool', 'status', 'error', 'argsHash']);
    for (const [name, meaning] of fields) expect(fixture.$comment).toContain(`\`${name}\` = ${meaning}`);
  });

  it('a catalog without $comment still gets a reference that says what is missing', () => {
    const { $comment: _dropped, ...rest } = fixture;
    const bare = catalogDocs(JSON.stringify(rest), 'bare.json');
    const broker = bare.find((f) => f.path === 'broker-and-audit.md')?.content ?? '';
    expect(broker).toContain('has no `THE BROKER` section');
    expect(broker).toContain('has no `THE AUDIT` section');
    expect(bare.find((f) => f.path === 'capabilities/files.md')?.content).toMatch(/^- \*\*consent\*\*: `picker`$/m);
  });

  it('refuses a bad catalog with the pointer', () => {
    expect(() => catalogDocs('{"scopePattern": 1}', 'bad.json')).toThrow(/\/scopePattern/);
    expect(() => catalogDocs('{', 'bad.json')).toThrow(/^bad\.json: not JSON/);
  });
});

describe('schemaTable and markdown escaping', () => {
  it('escapes markup in descriptions and pipes in cells', () => {
    expect(mdText('a *b* <i>x</i> `<kept>` [c]')).toBe('a \\*b\\* &lt;i>x&lt;/i> `<kept>` \\[c\\]');
    const table = schemaTable({ type: 'object', properties: { a: { type: 'string', description: 'one | two', enum: ['x|y'] } } });
    expect(table).toContain('| `a` | string | no | `"x\\|y"` | one \\| two |');
    expect(table).toContain('- Other properties are allowed too.');
  });
});

describe('the --docs option and writing the reference folder', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'xcap-docs-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('defaults to the repository docs/catalog without --out, to none with --out, and takes --docs <dir>', () => {
    expect(takeDocsOption(['--check'], root)).toEqual({ argv: ['--check'], docs: resolve(root, 'docs/catalog') });
    expect(takeDocsOption(['--out', 'x'], root)).toEqual({ argv: ['--out', 'x'], docs: null });
    expect(takeDocsOption(['--out', 'x', '--docs', dir], root)).toEqual({ argv: ['--out', 'x'], docs: dir });
    expect(() => takeDocsOption(['--docs'], root)).toThrow('--docs needs a value');
  });

  it('writes, checks fresh, flags a hand edit and an extra file, and a rewrite mends both', () => {
    const out = join(dir, 'pkg');
    const docs = join(dir, 'reference');
    const first = docsStep(docs, fixtureText, 'fixtures/capabilities.json', false, out, toolTable);
    expect(first.written).toHaveLength(files.length);
    expect(first.written[0]).toBe('../reference/broker-and-audit.md');
    expect(docsStep(docs, fixtureText, 'fixtures/capabilities.json', true, out, toolTable).problems).toEqual([]);
    writeFileSync(join(docs, 'capabilities/photos.md'), 'hand edit\n');
    writeFileSync(join(docs, 'capabilities/old.md'), 'a removed capability\n');
    expect(docsStep(docs, fixtureText, 'fixtures/capabilities.json', true, out, toolTable).problems).toEqual([
      { path: '../reference/capabilities/photos.md', problem: 'stale' },
      { path: '../reference/capabilities/old.md', problem: 'unexpected' },
    ]);
    expect(writeDocs(docs, files)).toEqual(['capabilities/photos.md']);
    expect(checkDocs(docs, files)).toEqual([]);
    expect(readFileSync(join(dirname(join(docs, 'index.md')), 'index.md'), 'utf8')).toBe(page('index.md'));
    expect(docsStep(null, fixtureText, 'x', true, out)).toEqual({ files: 0, problems: [], written: [] });
  });
});
