import { describe, expect, it } from 'vitest';
import type { Catalog, Grant, ManifestEntry, ToolCall, Verdict } from '@xcap/catalog';
import { brokerDecide, type BrokerInput } from '../src/index.js';
import { catalog, variant } from './fixture.js';

const photos: ManifestEntry = { id: 'photos.read', why: 'Pick photos.' };
const http: ManifestEntry = { id: 'http.fetch', why: 'Load rates.', origins: ['https://api.example.com'] };

function decide(over: Partial<BrokerInput> & { call: ToolCall }, on: Catalog = catalog): Verdict {
  return brokerDecide(on, { manifest: [photos], grants: {}, provided: ['photos'], foreground: true, ...over });
}

function verdict(kind: Verdict['verdict'], capability: string, tool: string, scope: string, reason: Verdict['reason']): Verdict {
  return { verdict: kind, capability, tool, scope, reason };
}

const ui = (name: string, args: unknown = {}): ToolCall => ({ from: 'ui', name, arguments: args });
const agent = (name: string, args: unknown = {}): ToolCall => ({ from: 'agent', name, arguments: args });

describe('brokerDecide: each branch', () => {
  it('unknown: a capability that does not exist', () => {
    expect(decide({ call: ui('bluetooth_scan') })).toEqual({ verdict: 'unknown', capability: null, tool: null, scope: null, reason: 'unknownTool' });
  });
  it('unknown: a tool the capability has in no scope, even with everything granted', () => {
    expect(decide({ call: agent('photos__delete'), grants: { 'photos.read': 'granted' } }).verdict).toBe('unknown');
  });
  it("unknown: the other caller's spelling", () => {
    expect(decide({ call: ui('photos__pick') }).verdict).toBe('unknown');
    expect(decide({ call: agent('photos_pick') }).verdict).toBe('unknown');
  });
  it('unknown: a call from neither ui nor agent', () => {
    expect(decide({ call: { from: 'host' as 'ui', name: 'photos_pick' } }).verdict).toBe('unknown');
  });
  it('denied/hostOnly', () => {
    expect(decide({ call: ui('shell_edit'), manifest: [{ id: 'shell.edit', why: 'x' }], provided: ['shell'], grants: { 'shell.edit': 'granted' } })).toEqual(
      verdict('denied', 'shell', 'edit', 'shell.edit', 'hostOnly'),
    );
  });
  it('denied/notDeclared', () => {
    expect(decide({ call: ui('notifications_post'), provided: ['notifications'] })).toEqual(
      verdict('denied', 'notifications', 'post', 'notifications.post', 'notDeclared'),
    );
  });
  it('unavailable', () => {
    expect(decide({ call: ui('photos_pick'), provided: [] })).toEqual(verdict('unavailable', 'photos', 'pick', 'photos.read', 'unavailable'));
  });
  it('denied/originNotDeclared', () => {
    expect(
      decide({ call: ui('http_fetch', { url: 'https://other.example.com/' }), manifest: [http], provided: ['http'], grants: { 'http.fetch': 'granted' } }),
    ).toEqual(verdict('denied', 'http', 'fetch', 'http.fetch', 'originNotDeclared'));
  });
  it('picker: call in the foreground, needsForeground in the background, whatever the grant says', () => {
    const base = { call: agent('files__open'), manifest: [{ id: 'files.read', why: 'x' }], provided: ['files'] };
    expect(decide({ ...base, foreground: true })).toEqual(verdict('call', 'files', 'open', 'files.read', null));
    expect(decide({ ...base, foreground: false })).toEqual(verdict('denied', 'files', 'open', 'files.read', 'needsForeground'));
    expect(decide({ ...base, foreground: true, grants: { 'files.read': 'denied' } }).verdict).toBe('call');
    expect(decide({ ...base, foreground: false, grants: { 'files.read': 'granted' } }).reason).toBe('needsForeground');
  });
  it('ask: granted → call in both states', () => {
    for (const foreground of [true, false]) {
      expect(decide({ call: ui('photos_get'), grants: { 'photos.read': 'granted' }, foreground })).toEqual(
        verdict('call', 'photos', 'get', 'photos.read', null),
      );
    }
  });
  it('ask: denied → consentDenied in the foreground and in the background', () => {
    for (const foreground of [true, false]) {
      expect(decide({ call: ui('photos_get'), grants: { 'photos.read': 'denied' }, foreground })).toEqual(
        verdict('denied', 'photos', 'get', 'photos.read', 'consentDenied'),
      );
    }
  });
  it('ask: undecided → ask in the foreground, consentNeeded in the background', () => {
    expect(decide({ call: ui('photos_get'), foreground: true })).toEqual(verdict('ask', 'photos', 'get', 'photos.read', null));
    expect(decide({ call: ui('photos_get'), foreground: false })).toEqual(verdict('denied', 'photos', 'get', 'photos.read', 'consentNeeded'));
  });
  it('ask: a grant value other than granted/denied counts as undecided', () => {
    expect(decide({ call: ui('photos_get'), grants: { 'photos.read': 'yes' as Grant } }).verdict).toBe('ask');
  });
  it('ask: a grant inherited through the prototype does not count', () => {
    const grants = Object.create({ 'photos.read': 'granted' }) as Record<string, Grant>;
    expect(decide({ call: ui('photos_get'), grants }).verdict).toBe('ask');
  });
  it('a grant for another scope of the same capability does not count', () => {
    const manifest = [
      { id: 'clipboard.read', why: 'x' },
      { id: 'clipboard.write', why: 'y' },
    ];
    expect(decide({ call: ui('clipboard_read'), manifest, provided: ['clipboard'], grants: { 'clipboard.write': 'granted' } }).verdict).toBe('ask');
  });
  it('a scope with two tools decides both alike (notifications cancel and post)', () => {
    const input = { manifest: [{ id: 'notifications.post', why: 'x' }], provided: ['notifications'], grants: { 'notifications.post': 'granted' as Grant } };
    expect(decide({ ...input, call: ui('notifications_cancel') })).toEqual(verdict('call', 'notifications', 'cancel', 'notifications.post', null));
    expect(decide({ ...input, call: ui('notifications_post') })).toEqual(verdict('call', 'notifications', 'post', 'notifications.post', null));
  });
  it('a tool with no v1 contract is still decided (the bridge answers unavailable)', () => {
    expect(
      decide({ call: ui('location_current'), manifest: [{ id: 'location.read', why: 'x' }], provided: ['location'], grants: { 'location.read': 'granted' } })
        .verdict,
    ).toBe('call');
  });
  it('verdicts are frozen', () => {
    expect(Object.isFrozen(decide({ call: ui('photos_pick') }))).toBe(true);
    expect(Object.isFrozen(decide({ call: ui('nope_nope') }))).toBe(true);
  });
});

describe('brokerDecide: precedence', () => {
  it('unknown before everything: a hostOnly-like name with a typo', () => {
    expect(decide({ call: ui('shell_edits'), manifest: [{ id: 'shell.edit', why: 'x' }], provided: ['shell'] }).verdict).toBe('unknown');
  });
  it('hostOnly before notDeclared: shell.edit undeclared is still hostOnly', () => {
    expect(decide({ call: agent('shell__edit'), manifest: [], provided: [] }).reason).toBe('hostOnly');
  });
  it('hostOnly before unavailable', () => {
    expect(decide({ call: agent('shell__edit'), manifest: [{ id: 'shell.edit', why: 'x' }], provided: [] }).reason).toBe('hostOnly');
  });
  it('notDeclared before unavailable', () => {
    expect(decide({ call: ui('camera_capture'), manifest: [], provided: [] }).reason).toBe('notDeclared');
  });
  it('notDeclared even with a stale grant for the undeclared scope (the manifest is the ceiling)', () => {
    for (const foreground of [true, false]) {
      expect(
        decide({ call: ui('camera_capture'), manifest: [photos], provided: ['camera', 'photos'], grants: { 'camera.capture': 'granted' }, foreground }).reason,
      ).toBe('notDeclared');
    }
  });
  it('notDeclared: a declared scope of the same capability does not cover another scope', () => {
    expect(
      decide({ call: ui('clipboard_write'), manifest: [{ id: 'clipboard.read', why: 'x' }], provided: ['clipboard'], grants: { 'clipboard.write': 'granted' } })
        .reason,
    ).toBe('notDeclared');
  });
  it('unavailable before originNotDeclared', () => {
    expect(decide({ call: ui('http_fetch', {}), manifest: [http], provided: ['photos'] }).verdict).toBe('unavailable');
  });
  it('originNotDeclared before consent: undecided in the foreground does not ask', () => {
    expect(decide({ call: ui('http_fetch', { url: 'https://evil.example/' }), manifest: [http], provided: ['http'] }).reason).toBe('originNotDeclared');
  });
  it('originNotDeclared before consent: a denied grant does not mask it', () => {
    expect(
      decide({ call: ui('http_fetch', { url: 'https://evil.example/' }), manifest: [http], provided: ['http'], grants: { 'http.fetch': 'denied' } }).reason,
    ).toBe('originNotDeclared');
  });
  it('originNotDeclared before the background check', () => {
    expect(decide({ call: ui('http_fetch'), manifest: [http], provided: ['http'], foreground: false }).reason).toBe('originNotDeclared');
  });
  it('a declared origin goes on to consent: ask, consentNeeded, consentDenied, call', () => {
    const base = { call: ui('http_fetch', { url: 'https://api.example.com/x' }), manifest: [http], provided: ['http'] };
    expect(decide({ ...base }).verdict).toBe('ask');
    expect(decide({ ...base, foreground: false }).reason).toBe('consentNeeded');
    expect(decide({ ...base, grants: { 'http.fetch': 'denied' } }).reason).toBe('consentDenied');
    expect(decide({ ...base, grants: { 'http.fetch': 'granted' }, foreground: false }).verdict).toBe('call');
  });
  it('an origins scope whose manifest entry lists no origins refuses every url', () => {
    expect(
      decide({
        call: ui('http_fetch', { url: 'https://api.example.com/' }),
        manifest: [{ id: 'http.fetch', why: 'x' }],
        provided: ['http'],
        grants: { 'http.fetch': 'granted' },
      }).reason,
    ).toBe('originNotDeclared');
  });
  it('the denied grant beats the background: consentDenied, not consentNeeded', () => {
    expect(decide({ call: agent('photos__pick'), grants: { 'photos.read': 'denied' }, foreground: false }).reason).toBe('consentDenied');
  });
  it('picker in the background beats nothing stored: needsForeground before any consent', () => {
    expect(decide({ call: agent('share__send'), manifest: [{ id: 'share.send', why: 'x' }], provided: ['share'], foreground: false }).reason).toBe(
      'needsForeground',
    );
  });
  it('unavailable before picker', () => {
    expect(decide({ call: agent('share__send'), manifest: [{ id: 'share.send', why: 'x' }], provided: [], foreground: false }).verdict).toBe('unavailable');
  });
  it('a picker origins scope (synthetic catalog): origin before needsForeground', () => {
    const withPickerOrigins = variant((doc) => {
      const http = doc.capabilities.find((c) => c.name === 'http') as { scopes: Record<string, unknown>[] };
      (http.scopes[0] as Record<string, unknown>).consent = 'picker';
    });
    const base = { manifest: [http], provided: ['http'] };
    expect(decide({ ...base, call: ui('http_fetch', { url: 'https://x.example/' }), foreground: false }, withPickerOrigins).reason).toBe('originNotDeclared');
    expect(decide({ ...base, call: ui('http_fetch', { url: 'https://api.example.com/' }), foreground: false }, withPickerOrigins).reason).toBe(
      'needsForeground',
    );
    expect(decide({ ...base, call: ui('http_fetch', { url: 'https://api.example.com/' }), foreground: true }, withPickerOrigins).verdict).toBe('call');
  });
});

describe('brokerDecide: eDE capabilities', () => {
  const ede = ['windows', 'focus', 'launch'];
  it('windows, focus and launch are unavailable on a host that does not provide them', () => {
    const manifest = [
      { id: 'windows.read', why: 'a' },
      { id: 'focus.window', why: 'b' },
      { id: 'launch.app', why: 'c' },
    ];
    for (const name of ['windows_list', 'focus_window', 'launch_app']) {
      expect(
        decide({ call: ui(name), manifest, provided: ['photos'], grants: { 'windows.read': 'granted', 'focus.window': 'granted', 'launch.app': 'granted' } })
          .verdict,
      ).toBe('unavailable');
    }
  });
  it('launch asks in the foreground once declared, and calls once granted', () => {
    const manifest = [{ id: 'launch.app', why: 'Start the calculator.' }];
    expect(decide({ call: agent('launch__app', { app: 'x' }), manifest, provided: ede }).verdict).toBe('ask');
    expect(decide({ call: agent('launch__app', { app: 'x' }), manifest, provided: ede, grants: { 'launch.app': 'granted' }, foreground: false }).verdict).toBe(
      'call',
    );
  });
  it('focus is consentNeeded in the background', () => {
    expect(decide({ call: agent('focus__window'), manifest: [{ id: 'focus.window', why: 'x' }], provided: ede, foreground: false }).reason).toBe(
      'consentNeeded',
    );
  });
  it('shell.edit is hostOnly on eDE too', () => {
    expect(
      decide({ call: ui('shell_edit'), manifest: [{ id: 'shell.edit', why: 'x' }], provided: [...ede, 'shell'], grants: { 'shell.edit': 'granted' } }).reason,
    ).toBe('hostOnly');
  });
});

describe('brokerDecide: malformed input never throws', () => {
  const hostile: [string, Partial<BrokerInput>][] = [
    ['null call', { call: null as unknown as ToolCall }],
    ['string call', { call: 'photos_pick' as unknown as ToolCall }],
    ['call without a name', { call: { from: 'ui' } as ToolCall }],
    ['numeric name', { call: { from: 'ui', name: 42 } as unknown as ToolCall }],
    ['null manifest', { call: ui('photos_pick'), manifest: null as unknown as ManifestEntry[] }],
    ['manifest entries that are not objects', { call: ui('photos_pick'), manifest: [null, 1, 'photos.read'] as unknown as ManifestEntry[] }],
    ['null grants', { call: ui('photos_pick'), grants: null as unknown as Record<string, Grant> }],
    ['string provided', { call: ui('photos_pick'), provided: 'photos' as unknown as string[] }],
    ['null arguments of an origins call', { call: ui('http_fetch', null), manifest: [http], provided: ['http'] }],
    ['array arguments of an origins call', { call: ui('http_fetch', ['https://api.example.com']), manifest: [http], provided: ['http'] }],
    ['string arguments of an origins call', { call: ui('http_fetch', 'https://api.example.com'), manifest: [http], provided: ['http'] }],
    [
      'origins that are not an array',
      {
        call: ui('http_fetch', { url: 'https://api.example.com' }),
        manifest: [{ ...http, origins: 'https://api.example.com' as unknown as string[] }],
        provided: ['http'],
      },
    ],
  ];
  for (const [name, over] of hostile) {
    it(name, () => {
      expect(() => decide(over as BrokerInput)).not.toThrow();
    });
  }
  it('a null input or a missing call is unknown', () => {
    expect(brokerDecide(catalog, null as unknown as BrokerInput).verdict).toBe('unknown');
    expect(brokerDecide(catalog, {} as BrokerInput).verdict).toBe('unknown');
  });
  it('the expected verdicts for malformed parts', () => {
    expect(decide({ call: ui('photos_pick'), manifest: null as unknown as ManifestEntry[] }).reason).toBe('notDeclared');
    expect(decide({ call: ui('photos_pick'), provided: 'photos' as unknown as string[] }).reason).toBe('unavailable');
    expect(decide({ call: ui('photos_pick'), grants: null as unknown as Record<string, Grant> }).verdict).toBe('ask');
    expect(decide({ call: ui('photos_pick'), foreground: 'yes' as unknown as boolean }).reason).toBe('consentNeeded');
    expect(decide({ call: ui('http_fetch', null), manifest: [http], provided: ['http'] }).reason).toBe('originNotDeclared');
  });
});
