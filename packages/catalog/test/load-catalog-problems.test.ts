/**
 * loadCatalog reports every problem of a catalog, each named by its pointer,
 * its capability or tool and the rule; misspelt keys get a "did you mean";
 * deep or cyclic documents are refused with a pointer, never a RangeError.
 */
import { describe, expect, it } from 'vitest';
import { CatalogError, catalogNestingLimit, catalogSizeLimit, loadCatalog } from '../src/core.js';
import { fixtureDoc } from './fixture.js';

function errorOf(doc: unknown): CatalogError {
  try {
    loadCatalog(doc);
  } catch (error) {
    expect(error).toBeInstanceOf(CatalogError);
    return error as CatalogError;
  }
  throw new Error('the broken catalog loaded');
}

const toolIndex = (doc: Record<string, any>, name: string): number => doc.tools.findIndex((t: any) => t.name === name);
const capIndex = (doc: Record<string, any>, name: string): number => doc.capabilities.findIndex((c: any) => c.name === name);

describe('a catalog with several problems at once', () => {
  it('lists every problem in check order; pointer and rule are the first one', () => {
    const doc = fixtureDoc();
    const pick = toolIndex(doc, 'photos_pick');
    const http = capIndex(doc, 'http');
    doc.capabilities[http].scopes[0].consent = 'always';
    doc.tools[pick].inputSchema.properties.limit.maximum = 0;
    doc.tools[pick].outputSchema.properties.photos.items.properties.id.pattern = '^p';
    doc.tools[0].description = '';
    doc.v1.blobs.f1 = 'not base64!';
    const error = errorOf(doc);
    const lines = [
      `/capabilities/${http} (http)/scopes/0/consent: must be "ask" or "picker"`,
      '/tools/0 (files_open)/description: must not be empty',
      `/tools/${pick} (photos_pick)/inputSchema/properties/limit/minimum: is greater than maximum`,
      `/tools/${pick} (photos_pick)/outputSchema/properties/photos/items/properties/id/pattern: keyword "pattern" is not in the validator subset`,
      '/v1/blobs/f1: is not base64',
    ];
    expect(error.problems.map((p) => p.message)).toEqual(lines);
    expect(error.message).toBe(lines.join('\n'));
    expect(error.pointer).toBe(`/capabilities/${http}/scopes/0/consent`);
    expect(error.rule).toBe('must be "ask" or "picker"');
    expect(error.problems[1]).toEqual({
      pointer: '/tools/0/description',
      rule: 'must not be empty',
      subject: 'files_open',
      message: lines[1],
    });
  });

  it('names a new tool by its name, as the issue spells it', () => {
    const doc = fixtureDoc();
    const photos = doc.capabilities[capIndex(doc, 'photos')];
    photos.scopes[0].tools.push('favorite');
    const tool = {
      name: 'photos_favorite',
      runs: 'native',
      description: 'Mark a photo.',
      inputSchema: { type: 'object', properties: { id: { type: 'string', pattern: '^p' } } },
      nativeOutputSchema: { type: 'object' },
      outputSchema: { type: 'object' },
    };
    doc.tools.splice(toolIndex(doc, 'photos_get'), 0, tool);
    const at = toolIndex(doc, 'photos_favorite');
    expect(errorOf(doc).message).toBe(`/tools/${at} (photos_favorite)/inputSchema/properties/id/pattern: keyword "pattern" is not in the validator subset`);
  });

  it('does not repeat a problem under a value that already has one', () => {
    const doc = fixtureDoc();
    doc.tools[0].inputSchema = 'object';
    doc.capabilities[0].scopes = 7;
    expect(errorOf(doc).problems.map((p) => p.message)).toEqual([
      '/capabilities/0 (camera)/scopes: must be an array',
      '/tools/0 (files_open)/inputSchema: must be a schema object',
    ]);
  });

  it('quotes and cuts a subject name that is long or unprintable', () => {
    const doc = fixtureDoc();
    doc.tools[0].name = `${'x'.repeat(70)} y`;
    const [problem] = errorOf(doc).problems;
    expect(problem!.subject).toBe(JSON.stringify(`${'x'.repeat(64)}…`));
    doc.tools[0].name = 'a\nb';
    expect(errorOf(doc).problems[0]!.message).toBe('/tools/0 ("a\\nb")/name: is not <capability>_<tool> for a tool a scope lists');
  });
});

describe('a misspelt key is an unknown key with the closest known one', () => {
  const cases: [string, (doc: Record<string, any>) => void, string][] = [
    [
      'a tool description',
      (d) => {
        d.tools[0].descripton = d.tools[0].description;
        delete d.tools[0].description;
      },
      '/tools/0 (files_open)/descripton: is not a known key (did you mean `description`?)',
    ],
    [
      'a capability label in another case',
      (d) => {
        d.capabilities[0].Label = d.capabilities[0].label;
        delete d.capabilities[0].label;
      },
      '/capabilities/0 (camera)/Label: is not a known key (did you mean `label`?)',
    ],
    [
      'a swapped pair in a scope key',
      (d) => {
        d.capabilities[0].scopes[0].consnet = 'ask';
        delete d.capabilities[0].scopes[0].consent;
      },
      '/capabilities/0 (camera)/scopes/0/consnet: is not a known key (did you mean `consent`?)',
    ],
    [
      'an optional scope key',
      (d) => (d.capabilities[0].scopes[0].hostonly = true),
      '/capabilities/0 (camera)/scopes/0/hostonly: is not a known key (did you mean `hostOnly`?)',
    ],
    [
      'a top-level section',
      (d) => {
        d.tool = d.tools;
        delete d.tools;
      },
      '/tool: is not a known key (did you mean `tools`?)',
    ],
    [
      'a schema keyword',
      (d) => (d.tools[0].inputSchema.properties.accept.items.formta = 'uri'),
      '/tools/0 (files_open)/inputSchema/properties/accept/items/formta: keyword "formta" is not in the validator subset (did you mean `format`?)',
    ],
  ];
  for (const [name, mutate, message] of cases) {
    it(name, () => {
      const doc = fixtureDoc();
      mutate(doc);
      expect(errorOf(doc).problems.map((p) => p.message)).toEqual([message]);
    });
  }

  it('suggests nothing for a key far from every known one, and still reports the missing key', () => {
    const doc = fixtureDoc();
    doc.tools[0].summary = doc.tools[0].description;
    delete doc.tools[0].description;
    expect(errorOf(doc).problems.map((p) => p.message)).toEqual([
      '/tools/0 (files_open)/description: is required',
      '/tools/0 (files_open)/summary: is not a known key',
    ]);
  });
});

describe('deep and cyclic documents', () => {
  const deepSchema = (levels: number) => {
    let s: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < levels; i++) s = { type: 'object', properties: { a: s } };
    return s;
  };

  it('refuses a schema nested 960 deep with a CatalogError naming the pointer and the limit (not a RangeError)', () => {
    for (const levels of [960, 5000]) {
      const doc = fixtureDoc();
      doc.tools[0].inputSchema.properties.deep = deepSchema(levels);
      const error = errorOf(doc);
      expect(error.problems).toHaveLength(1);
      expect(error.rule).toBe(`nests deeper than ${catalogNestingLimit} levels (the catalog nesting limit)`);
      const tokens = error.pointer.split('/').slice(1);
      expect(tokens).toHaveLength(catalogNestingLimit + 1);
      expect(error.pointer.startsWith('/tools/0/inputSchema/properties/deep/properties/a/properties/a/')).toBe(true);
      expect(error.message.startsWith('/tools/0 (files_open)/inputSchema/properties/deep/')).toBe(true);
    }
  });

  it('still loads a schema nested well inside the limit', () => {
    const doc = fixtureDoc();
    doc.tools[0].inputSchema.properties.deep = deepSchema(20);
    expect(loadCatalog(doc).tools[0]!.inputSchema.properties).toHaveProperty('deep');
  });

  it('refuses a 100,000-deep default or enum value and a cycle', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const withDefault = fixtureDoc();
    withDefault.tools[0].inputSchema.properties.multiple.enum = [deep];
    expect(errorOf(withDefault).rule).toMatch(/^nests deeper than/);
    const cyclic = fixtureDoc();
    cyclic.tools[0].inputSchema.properties.self = cyclic.tools[0].inputSchema;
    const error = errorOf(cyclic);
    expect(error.message).toBe('/tools/0 (files_open)/inputSchema/properties/self: contains itself (a catalog is JSON data, it has no cycles)');
  });

  it('refuses a value shared under so many paths that walking them would take exponential time', () => {
    const doc = fixtureDoc();
    let shared: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 25; i++) shared = { type: 'object', properties: { a: shared, b: shared } };
    doc.tools[0].inputSchema.properties.wide = shared;
    const started = performance.now();
    expect(errorOf(doc).rule).toBe(`holds more than ${catalogSizeLimit} values (the catalog size limit)`);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('loads a schema object shared by a few parents', () => {
    const doc = fixtureDoc();
    const id = { type: 'string', minLength: 1 };
    doc.tools[0].inputSchema.properties.one = id;
    doc.tools[0].inputSchema.properties.two = id;
    expect(Object.keys(loadCatalog(doc).tools[0]!.inputSchema.properties!)).toEqual(expect.arrayContaining(['one', 'two']));
  });
});

describe('CatalogError', () => {
  it('still takes one pointer and rule (callers outside the loader)', () => {
    const error = new CatalogError('/parseCases', 'is not an array');
    expect(error.message).toBe('/parseCases: is not an array');
    expect(error.problems).toEqual([{ pointer: '/parseCases', rule: 'is not an array', subject: null, message: '/parseCases: is not an array' }]);
    expect(new CatalogError('', 'must be an object').pointer).toBe('/');
  });
});

describe('no catalog makes the loader super-linear', () => {
  /** One timing of loading `doc` (it throws or answers; either way it is timed). */
  const timeOnce = (doc: unknown): number => {
    const started = performance.now();
    try {
      loadCatalog(doc);
    } catch {
      // a refusal is timed like an answer
    }
    return performance.now() - started;
  };
  /**
   * The best time of `build(8n)` over the best time of `build(n)`, the two
   * sizes interleaved five times so a burst of load on a shared machine
   * hits both: about 8 for a linear loader, 64 for a quadratic one (the
   * wide gap leaves room for a noisy machine: a threshold of 24 is 3× off
   * either way).
   */
  const ratio = (build: (n: number) => unknown, n: number): number => {
    let small = Infinity;
    let large = Infinity;
    for (let i = 0; i < 5; i++) {
      small = Math.min(small, timeOnce(build(n)));
      large = Math.min(large, timeOnce(build(8 * n)));
    }
    return large / small;
  };

  it('reports n problems in linear time (n and 8n: a ratio well under 64)', () => {
    const manyProblems = (n: number) => {
      const doc = fixtureDoc();
      for (let i = 0; i < n; i++) doc.v1.blobs[`b${i}`] = 'not base64!';
      return doc;
    };
    expect(ratio(manyProblems, 2_500)).toBeLessThan(24);
  });

  it('checks a schema with n properties, all required, in linear time', () => {
    const wide = (n: number) => {
      const doc = fixtureDoc();
      const properties: Record<string, unknown> = {};
      for (let i = 0; i < n; i++) properties[`p${i}`] = { type: 'string' };
      doc.tools[0].outputSchema.properties = { ...doc.tools[0].outputSchema.properties, ...properties };
      doc.tools[0].outputSchema.required = [...doc.tools[0].outputSchema.required, ...Object.keys(properties)];
      return doc;
    };
    expect(ratio(wide, 2_500)).toBeLessThan(24);
  });
});
