import { describe, expect, it } from 'vitest';
import { catalog as builtIn, type ManifestEntry } from '@xcap/catalog';
import { agentToolList } from '../src/index.js';
import { catalog } from './fixture.js';

const names = (manifest: ManifestEntry[], provided: string[]) => agentToolList(catalog, { manifest, provided }).map((t) => t.name);

describe('agentToolList', () => {
  it("carries each tool's v1 description and schemas under the qualified name", () => {
    const [tool] = agentToolList(catalog, { manifest: [{ id: 'share.send', why: 'x' }], provided: ['share'] });
    const def = catalog.tools.find((t) => t.name === 'share_send');
    expect(tool).toEqual({ name: 'share__send', description: def?.description, inputSchema: def?.inputSchema, outputSchema: def?.outputSchema });
  });
  it("carries the built-in catalog's title and MCP hints (from the tool table), the description and schemas the same objects", () => {
    const [tool] = agentToolList(builtIn, { manifest: [{ id: 'photos.read', why: 'x' }], provided: ['photos'] }).filter((t) => t.name === 'photos__list');
    const def = builtIn.tools.find((t) => t.name === 'photos_list');
    expect(tool).toEqual({
      name: 'photos__list',
      title: 'List photos',
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      description: def?.description,
      inputSchema: def?.inputSchema,
      outputSchema: def?.outputSchema,
    });
    expect(tool?.inputSchema).toBe(def?.inputSchema);
  });
  it('leaves out tools without a v1 entry (clarification 16): http, camera, clipboard, location', () => {
    const manifest = [
      { id: 'http.fetch', why: 'x', origins: ['https://a.example'] },
      { id: 'camera.capture', why: 'x' },
      { id: 'clipboard.read', why: 'x' },
      { id: 'clipboard.write', why: 'x' },
      { id: 'location.read', why: 'x' },
    ];
    expect(names(manifest, ['http', 'camera', 'clipboard', 'location'])).toEqual([]);
  });
  it('lists every tool of a multi-tool scope, sorted', () => {
    expect(
      names(
        [
          { id: 'print.pdf', why: 'x' },
          { id: 'notifications.post', why: 'y' },
        ],
        ['print', 'notifications'],
      ),
    ).toEqual(['notifications__cancel', 'notifications__post', 'print__pdf', 'print__print']);
  });
  it('sorts by qualified name in code-unit order across capabilities', () => {
    const manifest = [
      { id: 'windows.read', why: 'a' },
      { id: 'files.write', why: 'b' },
      { id: 'files.read', why: 'c' },
      { id: 'photos.read', why: 'd' },
    ];
    expect(names(manifest, ['windows', 'files', 'photos'])).toEqual([
      'files__open',
      'files__save',
      'photos__get',
      'photos__list',
      'photos__pick',
      'windows__list',
    ]);
  });
  it('a scope declared twice lists its tools once', () => {
    expect(
      names(
        [
          { id: 'share.send', why: 'x' },
          { id: 'share.send', why: 'y' },
        ],
        ['share'],
      ),
    ).toEqual(['share__send']);
  });
  it('a declared scope the host does not provide stays out', () => {
    expect(names([{ id: 'windows.read', why: 'x' }], ['photos'])).toEqual([]);
  });
  it('malformed input lists nothing rather than throwing', () => {
    expect(agentToolList(catalog, { manifest: null as unknown as ManifestEntry[], provided: ['photos'] })).toEqual([]);
    expect(agentToolList(catalog, { manifest: [{ id: 'photos.read', why: 'x' }], provided: null as unknown as string[] })).toEqual([]);
    expect(names([null, 3, { id: 9 }, { id: 'photos.read', why: 'x' }] as unknown as ManifestEntry[], ['photos'])).toEqual([
      'photos__get',
      'photos__list',
      'photos__pick',
    ]);
  });
});
