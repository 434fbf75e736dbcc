import { describe, expect, it } from 'vitest';
import { CatalogError, caseKinds, loadCatalog } from '../src/core.js';
import { fixtureDoc } from './fixture.js';

/** Loads the fixture after `mutate` and answers the error message (or fails when it loads). */
function errorOf(mutate: (doc: Record<string, any>) => void): string {
  const doc = fixtureDoc();
  mutate(doc);
  try {
    loadCatalog(doc);
  } catch (error) {
    expect(error).toBeInstanceOf(CatalogError);
    return (error as Error).message;
  }
  throw new Error('the broken catalog loaded');
}

const cap = (doc: Record<string, any>, name: string) => doc.capabilities.find((c: any) => c.name === name);
const capIndex = (doc: Record<string, any>, name: string) => doc.capabilities.findIndex((c: any) => c.name === name);
const toolIndex = (doc: Record<string, any>, name: string) => doc.tools.findIndex((t: any) => t.name === name);

describe('loadCatalog on the fixture', () => {
  it('loads, strips $comment and every case array, and freezes the result', () => {
    const catalog = loadCatalog(fixtureDoc());
    expect(Object.keys(catalog)).toEqual(['scopePattern', 'reservedNames', 'capabilities', 'v1', 'tools', 'pdf']);
    for (const kind of caseKinds) expect(catalog).not.toHaveProperty(kind);
    expect(catalog.tools.map((t) => t.name)).toContain('photos_pick');
    expect(Object.isFrozen(catalog.tools[0]!.inputSchema)).toBe(true);
  });

  it('does not alias the input document', () => {
    const doc = fixtureDoc();
    const catalog = loadCatalog(doc);
    doc.capabilities[0].name = 'changed';
    expect(catalog.capabilities[0]!.name).not.toBe('changed');
  });
});

describe('loadCatalog refuses a broken catalog, naming the pointer and the rule', () => {
  const rules: [string, (doc: Record<string, any>) => void, string | string[]][] = [
    [
      'a default that breaks its own schema',
      (d) => (d.tools[toolIndex(d, 'photos_pick')].inputSchema.properties.limit.default = 0),
      `/tools/${toolIndex(fixtureDoc(), 'photos_pick')} (photos_pick)/inputSchema/properties/limit/default: does not match its own schema (/ minimum)`,
    ],
    ['a missing top-level key', (d) => delete d.tools, '/tools: is required'],
    ['an unknown top-level key', (d) => (d.extra = 1), '/extra: is not a known key'],
    ['an invalid scopePattern', (d) => (d.scopePattern = '(['), '/scopePattern: is not a valid regular expression'],
    ['a duplicate reserved name', (d) => d.reservedNames.push('app'), '/reservedNames/7: duplicate reserved name "app"'],
    [
      'a capability name that is no hub server name',
      (d) => (d.capabilities[0].name = 'Camera_1'),
      '/capabilities/0 (Camera_1)/name: does not match the hub server name rule',
    ],
    [
      'a reserved capability name',
      (d) => {
        d.capabilities[0].name = 'app';
        d.capabilities[0].scopes[0].id = 'app.capture';
      },
      '/capabilities/0 (app)/name: is a reserved name',
    ],
    [
      'a duplicate capability',
      (d) => d.capabilities.push(structuredClone(d.capabilities[0])),
      ['/capabilities/13 (camera)/name: duplicate capability "camera"', '/capabilities/13 (camera)/scopes/0/id: duplicate scope id "camera.capture"'],
    ],
    [
      'a scope id off scopePattern',
      (d) => (d.capabilities[3].scopes[0].id = 'focus.Window'),
      '/capabilities/3 (focus)/scopes/0/id: does not match scopePattern',
    ],
    [
      'a scope id of another capability',
      (d) => (d.capabilities[0].scopes[0].id = 'photos.capture'),
      `/capabilities/0 (camera)/scopes/0/id: does not start with its capability's name "camera."`,
    ],
    [
      'a duplicate scope id',
      (d) => d.capabilities[1].scopes.push({ ...d.capabilities[1].scopes[0], tools: ['other'] }),
      '/capabilities/1 (clipboard)/scopes/2/id: duplicate scope id "clipboard.read"',
    ],
    [
      'a consent that is neither ask nor picker',
      (d) => (d.capabilities[0].scopes[0].consent = 'always'),
      '/capabilities/0 (camera)/scopes/0/consent: must be "ask" or "picker"',
    ],
    [
      'a hostOnly that is no boolean',
      (d) => (cap(d, 'shell').scopes[0].hostOnly = 'yes'),
      `/capabilities/${capIndex(fixtureDoc(), 'shell')} (shell)/scopes/0/hostOnly: must be a boolean`,
    ],
    [
      'an origins that is no boolean',
      (d) => (cap(d, 'http').scopes[0].origins = 1),
      `/capabilities/${capIndex(fixtureDoc(), 'http')} (http)/scopes/0/origins: must be a boolean`,
    ],
    ['an unknown scope key', (d) => (d.capabilities[0].scopes[0].silent = true), '/capabilities/0 (camera)/scopes/0/silent: is not a known key'],
    [
      'a tool listed twice in one capability',
      (d) => d.capabilities[1].scopes[1].tools.push('read'),
      '/capabilities/1 (clipboard)/scopes/1/tools/1: duplicate tool in this capability "read"',
    ],
    ['an empty label', (d) => (d.capabilities[0].label = ''), '/capabilities/0 (camera)/label: must not be empty'],
    [
      'a tools entry for no scope tool',
      (d) => (d.tools[0].name = 'files_delete'),
      '/tools/0 (files_delete)/name: is not <capability>_<tool> for a tool a scope lists',
    ],
    [
      'tools out of order',
      (d) => ([d.tools[0], d.tools[1]] = [d.tools[1], d.tools[0]]),
      '/tools/1 (files_open)/name: is not sorted by name (after "files_save")',
    ],
    ['a duplicate tool', (d) => d.tools.splice(1, 0, structuredClone(d.tools[0])), '/tools/1 (files_open)/name: duplicate tool "files_open"'],
    ['a runs that is neither native nor engine', (d) => (d.tools[0].runs = 'cloud'), '/tools/0 (files_open)/runs: must be "native" or "engine"'],
    [
      'a native tool without nativeOutputSchema',
      (d) => (d.tools[0].nativeOutputSchema = null),
      '/tools/0 (files_open)/nativeOutputSchema: is required for runs: native',
    ],
    [
      'an engine tool with a nativeOutputSchema',
      (d) => (d.tools[toolIndex(d, 'print_pdf')].nativeOutputSchema = { type: 'object' }),
      `/tools/${toolIndex(fixtureDoc(), 'print_pdf')} (print_pdf)/nativeOutputSchema: must be null for runs: engine`,
    ],
    [
      'an engine tool the engine does not implement',
      (d) => {
        d.tools[0].runs = 'engine';
        d.tools[0].nativeOutputSchema = null;
      },
      '/tools/0 (files_open)/runs: the engine implements no tool "files_open"',
    ],
    [
      'a schema keyword outside the subset',
      (d) => (d.tools[0].inputSchema.properties.accept.uniqueItems = true),
      '/tools/0 (files_open)/inputSchema/properties/accept/uniqueItems: keyword "uniqueItems" is not in the validator subset',
    ],
    [
      'a pattern keyword',
      (d) => (d.tools[0].inputSchema.properties.accept.items.pattern = '^a'),
      '/tools/0 (files_open)/inputSchema/properties/accept/items/pattern: keyword "pattern" is not in the validator subset',
    ],
    [
      'an additionalProperties schema',
      (d) => (d.tools[0].inputSchema.additionalProperties = { type: 'string' }),
      '/tools/0 (files_open)/inputSchema/additionalProperties: must be false (the only form in the validator subset)',
    ],
    [
      'an unknown type',
      (d) => (d.tools[0].inputSchema.properties.multiple.type = 'bool'),
      '/tools/0 (files_open)/inputSchema/properties/multiple/type: is not a JSON Schema type',
    ],
    [
      'an unknown format',
      (d) => (d.tools[0].inputSchema.properties.accept.items.format = 'email'),
      '/tools/0 (files_open)/inputSchema/properties/accept/items/format: is not a format of the validator subset (date-time, token, uri, base64)',
    ],
    [
      'required naming no property',
      (d) => d.tools[0].outputSchema.required.push('nope'),
      '/tools/0 (files_open)/outputSchema/required/1: names "nope", which is not a property',
    ],
    [
      'a oneOf branch with more than required',
      (d) => (d.tools[1].inputSchema.oneOf[0].type = 'object'),
      '/tools/1 (files_save)/inputSchema/oneOf/0/type: only "required" sets are allowed in oneOf',
    ],
    [
      'a negative maxLength',
      (d) => (d.tools[0].inputSchema.properties.accept.items.maxLength = -1),
      '/tools/0 (files_open)/inputSchema/properties/accept/items/maxLength: must not be negative',
    ],
    [
      'minLength above maxLength',
      (d) => (d.tools[0].inputSchema.properties.accept.items.minLength = 101),
      '/tools/0 (files_open)/inputSchema/properties/accept/items/minLength: is greater than maxLength',
    ],
    [
      'an input schema that is no object schema',
      (d) => (d.tools[0].inputSchema.type = 'array'),
      '/tools/0 (files_open)/inputSchema/type: must be "object" (tool arguments and results are objects)',
    ],
    ['a v1 blob that is no base64', (d) => (d.v1.blobs.f1 = 'a b'), '/v1/blobs/f1: is not base64'],
    ['a v1 screen listed twice', (d) => d.v1.context.screens.push('page'), '/v1/context/screens/2: duplicate screen "page"'],
    ['a pdf width table of the wrong length', (d) => d.pdf.widths.Helvetica.pop(), '/pdf/widths/Helvetica: must list 256 widths, one per WinAnsi code'],
    ['a pdf width that is no integer', (d) => (d.pdf.widths.Helvetica[65] = 1.5), '/pdf/widths/Helvetica/65: must be an integer'],
    ['a winAnsi code out of range', (d) => (d.pdf.winAnsi['8364'] = 200), '/pdf/winAnsi/8364: must be a WinAnsi code from 128 to 159'],
    ['a missing pdf font', (d) => delete d.pdf.fonts.F2, '/pdf/fonts/F2: is required'],
  ];
  for (const [name, mutate, message] of rules) {
    it(name, () => expect(errorOf(mutate)).toBe(typeof message === 'string' ? message : message.join('\n')));
  }

  it('refuses a document that is no object', () => {
    // A string is the document's JSON text (load-catalog-text.test.ts): '"catalog"' is the JSON string "catalog".
    for (const doc of [null, [], '"catalog"', 42]) expect(() => loadCatalog(doc)).toThrow('/: must be an object');
  });

  it('escapes pointer tokens (RFC 6901)', () => {
    expect(errorOf((d) => (d.tools[0].inputSchema.properties['a/b~c'] = { type: 'string', pattern: 'x' }))).toBe(
      '/tools/0 (files_open)/inputSchema/properties/a~1b~0c/pattern: keyword "pattern" is not in the validator subset',
    );
  });
});

describe('CatalogError pointers', () => {
  it('keeps an empty key distinct from the root (RFC 6901)', () => {
    const doc = fixtureDoc();
    doc.tools[0].inputSchema.properties[''] = { type: 'object', properties: { b: { type: 'string', pattern: 'x' } } };
    expect(() => loadCatalog(doc)).toThrow(
      '/tools/0 (files_open)/inputSchema/properties//properties/b/pattern: keyword "pattern" is not in the validator subset',
    );
  });
});
