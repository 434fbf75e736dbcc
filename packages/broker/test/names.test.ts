import { describe, expect, it } from 'vitest';
import { findScope, parseToolName, qualifiedToolName } from '../src/index.js';
import { catalog, variant } from './fixture.js';

describe('parseToolName', () => {
  it('parses every tool of every scope in both spellings', () => {
    let count = 0;
    for (const capability of catalog.capabilities) {
      for (const scope of capability.scopes) {
        for (const tool of scope.tools) {
          const expected = { capability: capability.name, tool };
          expect(parseToolName(catalog, 'ui', `${capability.name}_${tool}`)).toEqual(expected);
          expect(parseToolName(catalog, 'agent', `${capability.name}__${tool}`)).toEqual(expected);
          count++;
        }
      }
    }
    expect(count).toBeGreaterThan(15);
  });
  const nulls: ['ui' | 'agent', string][] = [
    ['ui', ''],
    ['agent', ''],
    ['ui', '_pick'],
    ['agent', '__pick'],
    ['ui', 'photos_'],
    ['agent', 'photos___pick'],
    ['ui', 'photos_pick_'],
    ['ui', 'photos_Pick'],
    ['agent', 'photos__pick '],
    ['ui', ' photos_pick'],
    ['ui', 'photos.pick'],
    ['agent', 'photos.pick'],
    ['agent', 'photos__constructor'],
    ['ui', 'constructor_pick'],
    ['ui', '__proto___pick'],
  ];
  for (const [from, name] of nulls) {
    it(`${from} ${JSON.stringify(name)} is unknown`, () => {
      expect(parseToolName(catalog, from, name)).toBeNull();
    });
  }
  it('a call from neither ui nor agent, or a non-string name, is unknown', () => {
    expect(parseToolName(catalog, 'host' as 'ui', 'photos_pick')).toBeNull();
    expect(parseToolName(catalog, 'ui', 42 as unknown as string)).toBeNull();
    expect(parseToolName(catalog, 'ui', null as unknown as string)).toBeNull();
  });
  it('a capability whose name contains "_" cannot be reached in the UI spelling (split at the first "_")', () => {
    const odd = variant((doc) => {
      doc.capabilities.push({ name: 'my_cap', label: 'Mine', scopes: [{ id: 'mycap.use', verb: 'use it', consent: 'ask', tools: ['go'] }] });
    });
    expect(parseToolName(odd, 'ui', 'my_cap_go')).toBeNull();
    expect(parseToolName(odd, 'agent', 'my_cap__go')).toEqual({ capability: 'my_cap', tool: 'go' });
  });
  it('each catalog object has its own index', () => {
    const renamed = variant((doc) => {
      (doc.capabilities.find((c) => c.name === 'photos') as { name: string }).name = 'pictures';
    });
    expect(parseToolName(renamed, 'ui', 'photos_pick')).toBeNull();
    expect(parseToolName(renamed, 'ui', 'pictures_pick')).toEqual({ capability: 'pictures', tool: 'pick' });
    expect(parseToolName(catalog, 'ui', 'photos_pick')).toEqual({ capability: 'photos', tool: 'pick' });
  });
});

describe('qualifiedToolName (clarification 1)', () => {
  it('agent names as called', () => {
    expect(qualifiedToolName('agent', 'photos__pick')).toBe('photos__pick');
    expect(qualifiedToolName('agent', 'photos_pick')).toBe('photos_pick');
  });
  it('UI names: the first "_" becomes "__"', () => {
    expect(qualifiedToolName('ui', 'photos_pick')).toBe('photos__pick');
    expect(qualifiedToolName('ui', 'bluetooth_scan')).toBe('bluetooth__scan');
    expect(qualifiedToolName('ui', 'a_b_c')).toBe('a__b_c');
    expect(qualifiedToolName('ui', 'photos__pick')).toBe('photos___pick');
  });
  it('a UI name without "_" as called', () => {
    expect(qualifiedToolName('ui', 'photos')).toBe('photos');
    expect(qualifiedToolName('ui', '')).toBe('');
  });
});

describe('findScope', () => {
  it('finds the scope listing a tool', () => {
    expect(findScope(catalog, 'photos', 'list')?.id).toBe('photos.read');
    expect(findScope(catalog, 'notifications', 'cancel')?.id).toBe('notifications.post');
    expect(findScope(catalog, 'clipboard', 'write')?.id).toBe('clipboard.write');
    expect(findScope(catalog, 'shell', 'edit')?.hostOnly).toBe(true);
  });
  it('answers null for an unknown capability or tool', () => {
    expect(findScope(catalog, 'photos', 'delete')).toBeNull();
    expect(findScope(catalog, 'bluetooth', 'scan')).toBeNull();
    expect(findScope(catalog, 'photos', 'constructor')).toBeNull();
  });
});
