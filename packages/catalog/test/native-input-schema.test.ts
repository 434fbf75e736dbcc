import { describe, expect, it } from 'vitest';
import { checkValue, formatViolation, loadCatalog, nativeInputSchema } from '../src/core.js';
import { fixtureDoc } from './fixture.js';

const doc = fixtureDoc();
const catalog = loadCatalog(doc);
const toolDef = (name: string) => catalog.tools.find((t) => t.name === name)!;

describe('nativeInputSchema describes what the bridge hands a native', () => {
  for (const [i, c] of (doc.bridgeCases as { name: string; tool: string; native: unknown }[]).entries()) {
    if (c.native === null) continue;
    it(`bridgeCases/${i} ${c.name}: the native's arguments match ${c.tool}'s native input shape`, () => {
      const violation = checkValue(nativeInputSchema(toolDef(c.tool)), c.native);
      expect(violation && formatViolation(violation)).toBeNull();
    });
  }

  it('makes defaulted arguments required for tools passed through as validated', () => {
    expect(nativeInputSchema(toolDef('photos_pick')).required).toEqual(['limit']);
    expect(nativeInputSchema(toolDef('files_open')).required).toEqual(['multiple']);
    expect(nativeInputSchema(toolDef('focus_window'))).toBe(toolDef('focus_window').inputSchema);
  });

  it('refuses what the bridge never sends', () => {
    const post = nativeInputSchema(toolDef('notifications_post'));
    expect(checkValue(post, { id: 'acme.album/n1', title: 'Hi', body: null, at: null, tap: { type: 'other', app: 'a', screen: 's', params: {} } })).toEqual({
      pointer: '/tap/type',
      keyword: 'enum',
    });
    expect(checkValue(nativeInputSchema(toolDef('print_print')), { name: 'x', mimeType: 'image/gif', data: '' })).toEqual({
      pointer: '/mimeType',
      keyword: 'enum',
    });
    expect(checkValue(nativeInputSchema(toolDef('share_send')), { title: 'x' })).toEqual({ pointer: '/', keyword: 'anyOf' });
  });
});
