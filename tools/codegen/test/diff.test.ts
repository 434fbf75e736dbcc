import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCatalog } from '@xcap/catalog/core';
import { describe, expect, it } from 'vitest';
import { overallBump } from '../src/diff/catalog-change.js';
import type { CatalogChange, ChangeClass } from '../src/diff/catalog-change.js';
import { diffCatalogs } from '../src/diff/diff-catalogs.js';
import { diffSchema } from '../src/diff/diff-schema.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
type Doc = any;
const fixture: Doc = JSON.parse(readFileSync(join(root, 'fixtures/capabilities.json'), 'utf8'));
const base = loadCatalog(fixture);

const tool = (doc: Doc, name: string): Doc => doc.tools.find((t: Doc) => t.name === name);
const cap = (doc: Doc, name: string): Doc => doc.capabilities.find((c: Doc) => c.name === name);
const sortTools = (doc: Doc) => doc.tools.sort((a: Doc, b: Doc) => (a.name < b.name ? -1 : 1));

function diffAfter(edit: (doc: Doc) => void, before?: (doc: Doc) => void): CatalogChange[] {
  const old = structuredClone(fixture);
  before?.(old);
  const doc = structuredClone(old);
  edit(doc);
  return diffCatalogs(before ? loadCatalog(old) : base, loadCatalog(doc));
}

interface Edit {
  readonly name: string;
  readonly edit: (doc: Doc) => void;
  /** An edit of the fixture that makes the old catalog, when the fixture lacks what `edit` changes. */
  readonly before?: (doc: Doc) => void;
  /** Every change expected, as `<pointer> <class>` plus a reason pattern. */
  readonly expected: readonly (readonly [string, ChangeClass, RegExp])[];
}

const photosPickIndex = fixture.tools.findIndex((t: Doc) => t.name === 'photos_pick');
const pick = `/tools/${photosPickIndex}`;
const ti = (name: string) => `/tools/${fixture.tools.findIndex((t: Doc) => t.name === name)}`;
const ci = (name: string) => `/capabilities/${fixture.capabilities.findIndex((c: Doc) => c.name === name)}`;

const edits: readonly Edit[] = [
  {
    name: 'capability removed',
    edit: (d) => (d.capabilities = d.capabilities.filter((c: Doc) => c.name !== 'camera')),
    expected: [[ci('camera'), 'major', /capability "camera" removed/]],
  },
  {
    name: 'capability renamed (removal + addition)',
    edit: (d) => Object.assign(cap(d, 'camera'), { name: 'webcam', scopes: [{ ...cap(d, 'camera').scopes[0], id: 'webcam.capture' }] }),
    expected: [
      [ci('camera'), 'major', /capability "camera" removed/],
      [ci('camera'), 'minor', /capability "webcam" added/],
    ],
  },
  {
    name: 'capability added',
    edit: (d) =>
      d.capabilities.push({
        name: 'vibrate',
        label: 'Vibration',
        scopes: [{ id: 'vibrate.run', verb: 'vibrate your device', consent: 'ask', tools: ['run'] }],
      }),
    expected: [[`/capabilities/${fixture.capabilities.length}`, 'minor', /capability "vibrate" added/]],
  },
  {
    name: 'scope removed',
    edit: (d) => (cap(d, 'clipboard').scopes = cap(d, 'clipboard').scopes.filter((s: Doc) => s.id !== 'clipboard.write')),
    expected: [[`${ci('clipboard')}/scopes/1`, 'major', /scope "clipboard.write" removed/]],
  },
  {
    name: 'scope added',
    edit: (d) => cap(d, 'clipboard').scopes.push({ id: 'clipboard.watch', verb: 'watch your clipboard', consent: 'ask', tools: ['watch'] }),
    expected: [[`${ci('clipboard')}/scopes/2`, 'minor', /scope "clipboard.watch" added/]],
  },
  {
    name: 'tool removed from a scope and from tools',
    edit: (d) => {
      cap(d, 'photos').scopes[0].tools = ['list', 'pick'];
      d.tools = d.tools.filter((t: Doc) => t.name !== 'photos_get');
    },
    expected: [
      [`${ci('photos')}/scopes/0/tools/0`, 'major', /tool "photos_get" removed from the scope/],
      [ti('photos_get'), 'major', /tool "photos_get" removed/],
    ],
  },
  {
    name: 'tool added to a scope and to tools',
    edit: (d) => {
      cap(d, 'photos').scopes[0].tools.push('favorite');
      d.tools.push({ ...structuredClone(tool(d, 'photos_get')), name: 'photos_favorite' });
      sortTools(d);
    },
    expected: [
      [`${ci('photos')}/scopes/0/tools/3`, 'minor', /tool "photos_favorite" added to the scope/],
      [`/tools/${photosPickIndex - 2}`, 'major', /^tool "photos_favorite" added: every provider of photos must implement photos_favorite/],
    ],
  },
  {
    name: 'native tool added with its new capability (no provider of it exists yet)',
    edit: (d) => {
      d.capabilities.push({
        ...structuredClone(cap(d, 'clipboard')),
        name: 'vibrate',
        label: 'Vibrate',
        scopes: [{ ...structuredClone(cap(d, 'clipboard').scopes[0]), id: 'vibrate.buzz', tools: ['buzz'] }],
      });
      d.tools.push({ ...structuredClone(tool(d, 'photos_get')), name: 'vibrate_buzz' });
      sortTools(d);
    },
    expected: [
      [`/capabilities/${fixture.capabilities.length}`, 'minor', /capability "vibrate" added/],
      [
        `/tools/${fixture.tools.filter((t: Doc) => t.name < 'vibrate_buzz').length}`,
        'minor',
        /tool "vibrate_buzz" added; the tool table \(tool-annotations\.json beside the catalog\) needs a row for vibrate_buzz/,
      ],
    ],
  },
  {
    name: 'required input added',
    edit: (d) => {
      const s = tool(d, 'photos_pick').inputSchema;
      s.properties.album = { type: 'string' };
      s.required = ['album'];
    },
    expected: [[`${pick}/inputSchema/properties/album`, 'major', /photos_pick input: required property "album" added/]],
  },
  {
    name: 'optional input added',
    edit: (d) => (tool(d, 'photos_pick').inputSchema.properties.album = { type: 'string' }),
    expected: [[`${pick}/inputSchema/properties/album`, 'minor', /optional property "album" added/]],
  },
  {
    name: 'optional input made required',
    edit: (d) => (tool(d, 'photos_pick').inputSchema.required = ['limit']),
    expected: [[`${pick}/inputSchema/required`, 'major', /"limit" made required/]],
  },
  {
    name: 'input property removed',
    edit: (d) => delete tool(d, 'photos_list').inputSchema.properties.cursor,
    expected: [[`${ti('photos_list')}/inputSchema/properties/cursor`, 'major', /property "cursor" removed/]],
  },
  {
    name: 'input bound tightened (maximum)',
    edit: (d) => (tool(d, 'photos_pick').inputSchema.properties.limit.maximum = 20),
    expected: [[`${pick}/inputSchema/properties/limit/maximum`, 'major', /narrowed: maximum tightened 50 → 20/]],
  },
  {
    name: 'input bound loosened (maximum)',
    edit: (d) => (tool(d, 'photos_pick').inputSchema.properties.limit.maximum = 100),
    expected: [[`${pick}/inputSchema/properties/limit/maximum`, 'minor', /widened: maximum loosened 50 → 100/]],
  },
  {
    name: 'input bound added (minLength)',
    edit: (d) => (tool(d, 'print_print').inputSchema.properties.name.minLength = 3),
    expected: [[`${ti('print_print')}/inputSchema/properties/name/minLength`, 'major', /minLength tightened 1 → 3/]],
  },
  {
    name: 'nested array bound tightened (maxItems of files_open accept)',
    edit: (d) => (tool(d, 'files_open').inputSchema.properties.accept.maxItems = 5),
    expected: [[`${ti('files_open')}/inputSchema/properties/accept/maxItems`, 'major', /maxItems tightened 20 → 5/]],
  },
  {
    name: 'property of array items tightened (print_pdf blocks[].heading maxLength)',
    edit: (d) => (tool(d, 'print_pdf').inputSchema.properties.blocks.items.properties.heading.maxLength = 100),
    expected: [[`${ti('print_pdf')}/inputSchema/properties/blocks/items/properties/heading/maxLength`, 'major', /maxLength tightened 500 → 100/]],
  },
  {
    name: 'input enum value removed',
    before: (d) => (tool(d, 'files_open').inputSchema.properties.accept.items.enum = ['image/png', 'image/jpeg']),
    edit: (d) => tool(d, 'files_open').inputSchema.properties.accept.items.enum.pop(),
    expected: [[`${ti('files_open')}/inputSchema/properties/accept/items/enum`, 'major', /narrowed: enum value "image\/jpeg" removed/]],
  },
  {
    name: 'input enum value added',
    before: (d) => (tool(d, 'files_open').inputSchema.properties.accept.items.enum = ['image/png']),
    edit: (d) => tool(d, 'files_open').inputSchema.properties.accept.items.enum.push('image/gif'),
    expected: [[`${ti('files_open')}/inputSchema/properties/accept/items/enum`, 'minor', /widened: enum value "image\/gif" added/]],
  },
  {
    name: 'input enum added',
    edit: (d) => (tool(d, 'files_open').inputSchema.properties.accept.items.enum = ['image/png', 'image/jpeg']),
    expected: [[`${ti('files_open')}/inputSchema/properties/accept/items/enum`, 'major', /narrowed: enum \["image\/png","image\/jpeg"\] added/]],
  },
  {
    name: 'format added',
    edit: (d) => (tool(d, 'launch_app').inputSchema.properties.app.format = 'token'),
    expected: [[`${ti('launch_app')}/inputSchema/properties/app/format`, 'major', /format "token" added/]],
  },
  {
    name: 'format removed',
    edit: (d) => delete tool(d, 'focus_window').inputSchema.properties.window.format,
    expected: [[`${ti('focus_window')}/inputSchema/properties/window/format`, 'minor', /format "token" removed/]],
  },
  {
    name: 'additionalProperties closed (nested params)',
    edit: (d) => (tool(d, 'notifications_post').inputSchema.properties.params.additionalProperties = false),
    expected: [[`${ti('notifications_post')}/inputSchema/properties/params/additionalProperties`, 'major', /additionalProperties closed/]],
  },
  {
    name: 'additionalProperties opened',
    edit: (d) => delete tool(d, 'photos_pick').inputSchema.additionalProperties,
    expected: [[`${pick}/inputSchema/additionalProperties`, 'minor', /additionalProperties opened/]],
  },
  {
    name: 'input type removed (boolean or null → boolean)',
    before: (d) => (tool(d, 'files_open').inputSchema.properties.multiple.type = ['boolean', 'null']),
    edit: (d) => (tool(d, 'files_open').inputSchema.properties.multiple.type = 'boolean'),
    expected: [[`${ti('files_open')}/inputSchema/properties/multiple/type`, 'major', /narrowed: type "null" removed/]],
  },
  {
    name: 'input type added (boolean → boolean or null)',
    edit: (d) => (tool(d, 'files_open').inputSchema.properties.multiple.type = ['boolean', 'null']),
    expected: [[`${ti('files_open')}/inputSchema/properties/multiple/type`, 'minor', /type "null" added/]],
  },
  {
    name: 'input type widened (integer → number)',
    edit: (d) => (tool(d, 'photos_pick').inputSchema.properties.limit.type = 'number'),
    expected: [[`${pick}/inputSchema/properties/limit/type`, 'minor', /type "number" added/]],
  },
  {
    name: 'dependentRequired added',
    edit: (d) => (tool(d, 'notifications_post').inputSchema.dependentRequired.at = ['id']),
    expected: [[`${ti('notifications_post')}/inputSchema/dependentRequired/at`, 'major', /"at" now also requires "id"/]],
  },
  {
    name: 'anyOf alternative removed',
    edit: (d) => tool(d, 'share_send').inputSchema.anyOf.pop(),
    expected: [[`${ti('share_send')}/inputSchema/anyOf`, 'major', /anyOf alternative \["fileId"\] removed/]],
  },
  {
    name: 'oneOf alternative added',
    edit: (d) => tool(d, 'files_save').inputSchema.oneOf.push({ required: ['mimeType'] }),
    expected: [[`${ti('files_save')}/inputSchema/oneOf`, 'major', /oneOf alternative \["mimeType"\] added/]],
  },
  {
    name: 'input default changed',
    edit: (d) => (tool(d, 'photos_pick').inputSchema.properties.limit.default = 5),
    expected: [[`${pick}/inputSchema/properties/limit/default`, 'major', /default changed 1 → 5/]],
  },
  {
    name: 'output field removed',
    edit: (d) => {
      const s = tool(d, 'files_save').outputSchema;
      s.properties = {};
      s.required = [];
    },
    expected: [[`${ti('files_save')}/outputSchema/properties/saved`, 'major', /files_save output: property "saved" removed/]],
  },
  {
    name: 'output field made optional',
    edit: (d) => (tool(d, 'files_save').outputSchema.required = []),
    expected: [[`${ti('files_save')}/outputSchema/required`, 'major', /"saved" made optional/]],
  },
  {
    name: 'output type widened (nested photos[].size integer → number)',
    edit: (d) => (tool(d, 'photos_pick').outputSchema.properties.photos.items.properties.size.type = 'number'),
    expected: [[`${pick}/outputSchema/properties/photos/items/properties/size/type`, 'major', /output: widened: type "number" added/]],
  },
  {
    name: 'output bound tightened',
    edit: (d) => (tool(d, 'photos_pick').outputSchema.properties.photos.maxItems = 10),
    expected: [[`${pick}/outputSchema/properties/photos/maxItems`, 'minor', /output: narrowed: maxItems tightened 50 → 10/]],
  },
  {
    name: 'output field added',
    edit: (d) => (tool(d, 'files_save').outputSchema.properties.path = { type: 'string' }),
    expected: [[`${ti('files_save')}/outputSchema/properties/path`, 'minor', /optional field "path" added/]],
  },
  {
    name: 'native output field removed',
    edit: (d) => {
      const s = tool(d, 'files_save').nativeOutputSchema;
      delete s.properties.saved;
      s.required = [];
    },
    expected: [[`${ti('files_save')}/nativeOutputSchema/properties/saved`, 'major', /native output: property "saved" removed/]],
  },
  {
    name: 'native output required field added',
    edit: (d) => {
      const s = tool(d, 'files_save').nativeOutputSchema;
      s.properties.path = { type: 'string' };
      s.required.push('path');
    },
    expected: [[`${ti('files_save')}/nativeOutputSchema/properties/path`, 'major', /required field "path" added \(every host must answer it\)/]],
  },
  {
    name: 'native output optional field added',
    edit: (d) => (tool(d, 'files_save').nativeOutputSchema.properties.path = { type: 'string' }),
    expected: [[`${ti('files_save')}/nativeOutputSchema/properties/path`, 'minor', /optional field "path" added/]],
  },
  {
    name: 'native output type widened',
    edit: (d) => (tool(d, 'files_save').nativeOutputSchema.properties.saved.type = ['boolean', 'null']),
    expected: [[`${ti('files_save')}/nativeOutputSchema/properties/saved/type`, 'major', /native output: widened: type "null" added/]],
  },
  {
    name: 'consent stricter (ask → picker)',
    edit: (d) => (cap(d, 'photos').scopes[0].consent = 'picker'),
    expected: [[`${ci('photos')}/scopes/0/consent`, 'major', /consent stricter ask → picker/]],
  },
  {
    name: 'consent less strict (picker → ask)',
    edit: (d) => (cap(d, 'files').scopes[0].consent = 'ask'),
    expected: [[`${ci('files')}/scopes/0/consent`, 'minor', /consent less strict picker → ask/]],
  },
  {
    name: 'scope made hostOnly',
    edit: (d) => (cap(d, 'launch').scopes[0].hostOnly = true),
    expected: [[`${ci('launch')}/scopes/0/hostOnly`, 'major', /made hostOnly/]],
  },
  {
    name: 'capability given a host',
    edit: (d) => (cap(d, 'photos').host = 'ede'),
    expected: [[`${ci('photos')}/host`, 'major', /given host "ede"/]],
  },
  {
    name: 'scope requires origins',
    edit: (d) => (cap(d, 'photos').scopes[0].origins = true),
    expected: [[`${ci('photos')}/scopes/0/origins`, 'major', /origins required/]],
  },
  {
    name: 'tool description changed',
    edit: (d) => (tool(d, 'photos_pick').description += ' Now with more words.'),
    expected: [[`${pick}/description`, 'patch', /photos_pick: description changed/]],
  },
  {
    name: 'schema description added',
    edit: (d) => (tool(d, 'photos_pick').inputSchema.properties.limit.description = 'How many photos at most.'),
    expected: [[`${pick}/inputSchema/properties/limit/description`, 'patch', /description changed/]],
  },
  {
    name: 'capability label changed',
    edit: (d) => (cap(d, 'photos').label = 'Photo library'),
    expected: [[`${ci('photos')}/label`, 'patch', /label "Photos" → "Photo library"/]],
  },
  {
    name: 'consent sheet verb changed',
    edit: (d) => (cap(d, 'photos').scopes[0].verb = 'see your photos'),
    expected: [[`${ci('photos')}/scopes/0/verb`, 'patch', /verb "access your photos" → "see your photos"/]],
  },
  {
    name: 'property order changed',
    edit: (d) => {
      const s = tool(d, 'share_send').inputSchema;
      const { url, ...rest } = s.properties;
      s.properties = { url, ...rest };
    },
    expected: [[`${ti('share_send')}/inputSchema/properties`, 'patch', /property order changed/]],
  },
  {
    name: 'MIME type by extension added',
    edit: (d) => (d.v1.mimeByExtension.avif = 'image/avif'),
    expected: [['/v1/mimeByExtension/avif', 'minor', /"\.avif" added/]],
  },
];

describe('xcap-codegen diff: one catalog edit at a time', () => {
  it('the matrix has at least 20 edits of distinct kinds', () => {
    expect(edits.length).toBeGreaterThanOrEqual(20);
    expect(new Set(edits.map((e) => e.name)).size).toBe(edits.length);
  });

  it.each(edits)('$name', ({ edit, before, expected }) => {
    const changes = diffAfter(edit, before);
    expect(changes.map((c) => [c.pointer, c.class])).toEqual(expected.map(([p, c]) => [p, c]));
    changes.forEach((change, i) => expect(change.reason).toMatch(expected[i]?.[2] ?? /^$/));
    // Whose code breaks is said on every major change and on no other.
    changes.forEach((change) => expect([change.class, change.breaks !== undefined]).toEqual([change.class, change.class === 'major']));
    const classes = expected.map(([, c]) => c);
    expect(overallBump(changes)).toBe(classes.includes('major') ? 'major' : classes.includes('minor') ? 'minor' : 'patch');
  });

  it('a major change says whose code it breaks: callers, providers or both', () => {
    const breaks = (edit: (doc: Doc) => void) => diffAfter(edit).map((c) => c.breaks);
    const favorite = (d: Doc) => {
      cap(d, 'photos').scopes[0].tools.push('favorite');
      d.tools.push({ ...structuredClone(tool(d, 'photos_get')), name: 'photos_favorite' });
      sortTools(d);
    };
    expect(breaks(favorite)).toEqual([undefined, 'providers']);
    expect(breaks((d) => (tool(d, 'photos_pick').inputSchema.required = ['limit']))).toEqual(['callers']);
    expect(breaks((d) => (tool(d, 'photos_pick').nativeOutputSchema.properties.photos.maxItems = 10))).toEqual(['providers']);
    expect(breaks((d) => (tool(d, 'photos_pick').outputSchema.properties.photos.maxItems = 100))).toEqual(['callers']);
    expect(breaks((d) => (d.capabilities = d.capabilities.filter((c: Doc) => c.name !== 'camera')))).toEqual(['both']);
  });

  it('no change: no entries, bump none', () => {
    const changes = diffAfter(() => undefined);
    expect(changes).toEqual([]);
    expect(overallBump(changes)).toBe('none');
  });

  it('case arrays and the $comment are not part of the contract', () => {
    const changes = diffAfter((d) => {
      d.$comment = 'rewritten';
      d.parseCases = [];
    });
    expect(changes).toEqual([]);
  });

  it('several changes: every one listed, the highest class wins', () => {
    const patchAndMinor = diffAfter((d) => {
      cap(d, 'photos').label = 'Pictures';
      tool(d, 'photos_pick').inputSchema.properties.limit.maximum = 60;
    });
    expect(patchAndMinor.map((c) => c.class)).toEqual(['patch', 'minor']);
    expect(overallBump(patchAndMinor)).toBe('minor');
    const all = diffAfter((d) => {
      cap(d, 'photos').label = 'Pictures';
      tool(d, 'photos_pick').inputSchema.properties.limit.maximum = 60;
      tool(d, 'photos_list').inputSchema.properties.limit.minimum = 5;
    });
    expect(all.map((c) => c.class).sort()).toEqual(['major', 'minor', 'patch']);
    expect(overallBump(all)).toBe('major');
  });
});

describe('diffSchema on raw schemas', () => {
  it('a pattern added narrows an input, removed widens it', () => {
    const plain = { type: 'string' as const };
    const patterned = { type: 'string' as const, pattern: '^[a-z]+$' };
    expect(diffSchema(plain, patterned, '/x', 'input', 't')).toEqual([
      { pointer: '/x/pattern', class: 'major', breaks: 'callers', reason: 't input: narrowed: pattern "^[a-z]+$" added' },
    ]);
    expect(diffSchema(patterned, plain, '/x', 'input', 't').map((c) => c.class)).toEqual(['minor']);
  });

  it('a type list losing a type narrows; integer is covered by number', () => {
    expect(diffSchema({ type: ['string', 'null'] }, { type: 'string' }, '', 'input', 't').map((c) => [c.pointer, c.class])).toEqual([['/type', 'major']]);
    expect(diffSchema({ type: 'number' }, { type: 'integer' }, '', 'input', 't').map((c) => c.class)).toEqual(['major']);
    expect(diffSchema({ type: 'integer' }, { type: 'number' }, '', 'input', 't').map((c) => c.class)).toEqual(['minor']);
    expect(diffSchema({ type: 'integer' }, { type: ['number', 'integer'] }, '', 'input', 't').map((c) => c.class)).toEqual(['minor']);
  });

  it('an output made stricter is minor for callers, a native output made stricter is major for hosts', () => {
    const before = { type: 'object' as const, properties: { n: { type: 'integer' as const } } };
    const after = { type: 'object' as const, properties: { n: { type: 'integer' as const, minimum: 0 } } };
    expect(diffSchema(before, after, '', 'output', 't').map((c) => c.class)).toEqual(['minor']);
    expect(diffSchema(before, after, '', 'nativeOutput', 't').map((c) => c.class)).toEqual(['major']);
    expect(diffSchema(after, before, '', 'output', 't').map((c) => c.class)).toEqual(['major']);
  });

  it('a default takes effect only on a top-level input property; elsewhere it is an annotation', () => {
    const top = (d: number) => ({ type: 'object' as const, properties: { n: { type: 'integer' as const, default: d } } });
    const nested = (d: number) => ({
      type: 'object' as const,
      properties: { o: { type: 'object' as const, properties: { n: { type: 'integer' as const, default: d } } } },
    });
    expect(diffSchema(top(1), top(2), '/in', 'input', 't').map((c) => [c.pointer, c.class])).toEqual([['/in/properties/n/default', 'major']]);
    expect(diffSchema(nested(1), nested(2), '/in', 'input', 't').map((c) => [c.pointer, c.class])).toEqual([
      ['/in/properties/o/properties/n/default', 'patch'],
    ]);
    expect(diffSchema(top(1), top(2), '/out', 'output', 't').map((c) => c.class)).toEqual(['patch']);
  });

  it('anyOf added narrows, removed widens; dependentRequired removed widens', () => {
    const open = { type: 'object' as const, properties: { a: {}, b: {} } };
    const any = { ...open, anyOf: [{ required: ['a'] }, { required: ['b'] }] };
    expect(diffSchema(open, any, '', 'input', 't').map((c) => [c.pointer, c.class])).toEqual([['/anyOf', 'major']]);
    expect(diffSchema(any, open, '', 'input', 't').map((c) => [c.pointer, c.class])).toEqual([['/anyOf', 'minor']]);
    const dep = { ...open, dependentRequired: { a: ['b'] } };
    expect(diffSchema(dep, open, '', 'input', 't').map((c) => [c.pointer, c.class])).toEqual([['/dependentRequired/a', 'minor']]);
  });
});
