import { describe, expect, it } from 'vitest';
import type { Grant, ManifestEntry, Verdict } from '@xcap/catalog';
import { brokerDecide, consentAnswer, consentSheet, MemoryGrantStore, readableList, revokeGrant, type GrantStore } from '../src/index.js';
import { catalog } from './fixture.js';
import { errorOf } from '@xcap/test-support';

const app = 'at.exponential.photobook';
const manifest: ManifestEntry[] = [{ id: 'photos.read', why: 'Pick the photos for an album.' }];
const asked: Verdict = { verdict: 'ask', capability: 'photos', tool: 'pick', scope: 'photos.read', reason: null };

function decideWith(store: MemoryGrantStore, foreground = true): Verdict {
  return brokerDecide(catalog, { manifest, grants: store.grantsOf(app), provided: ['photos'], foreground, call: { from: 'ui', name: 'photos_pick' } });
}

describe('consentAnswer (clarification 13)', () => {
  it('allow writes granted and answers call; the next decision calls without asking', async () => {
    const store = new MemoryGrantStore();
    expect(decideWith(store)).toEqual(asked);
    expect(await consentAnswer(store, app, asked, 'allow')).toEqual({ ...asked, verdict: 'call' });
    expect(store.get(app, 'photos.read')).toBe('granted');
    expect(decideWith(store, false).verdict).toBe('call');
  });
  it('deny writes denied and answers consentDenied; the next decision never asks again', async () => {
    const store = new MemoryGrantStore();
    expect(await consentAnswer(store, app, asked, 'deny')).toEqual({ ...asked, verdict: 'denied', reason: 'consentDenied' });
    expect(store.grantsOf(app)).toEqual({ 'photos.read': 'denied' });
    expect(decideWith(store).reason).toBe('consentDenied');
  });
  it('dismiss writes nothing and answers consentNeeded; the next foreground call asks again', async () => {
    const store = new MemoryGrantStore();
    expect(await consentAnswer(store, app, asked, 'dismiss')).toEqual({ ...asked, verdict: 'denied', reason: 'consentNeeded' });
    expect(store.grantsOf(app)).toEqual({});
    expect(decideWith(store).verdict).toBe('ask');
  });
  it('grants are kept per app', async () => {
    const store = new MemoryGrantStore();
    await consentAnswer(store, app, asked, 'allow');
    expect(store.grantsOf('other.app')).toEqual({});
  });
  it('refuses a verdict that is not ask, writing nothing', async () => {
    const store = new MemoryGrantStore();
    for (const verdict of ['call', 'denied', 'unknown', 'unavailable'] as const) {
      await expect(consentAnswer(store, app, { ...asked, verdict }, 'allow')).rejects.toThrow(TypeError);
    }
    await expect(consentAnswer(store, app, null as unknown as Verdict, 'allow')).rejects.toThrow(errorOf(TypeError, /only an "ask" verdict/));
    expect(store.grantsOf(app)).toEqual({});
  });
  it('refuses an ask verdict without a scope, and an unknown answer', async () => {
    const store = new MemoryGrantStore();
    await expect(consentAnswer(store, app, { ...asked, scope: null }, 'allow')).rejects.toThrow(errorOf(TypeError, /capability, tool and scope/));
    await expect(consentAnswer(store, app, asked, 'maybe' as 'allow')).rejects.toThrow(errorOf(TypeError, /"allow", "deny" or "dismiss"/));
    await expect(consentAnswer(store, '', asked, 'allow')).rejects.toThrow(errorOf(TypeError, /app/));
    expect(store.grantsOf(app)).toEqual({});
  });
  it('a failing store rejects: no call verdict without a written grant', async () => {
    const failing: GrantStore = {
      get: () => undefined,
      set: async () => {
        throw new Error('disk full');
      },
      delete: () => undefined,
    };
    await expect(consentAnswer(failing, app, asked, 'allow')).rejects.toThrow(errorOf(Error, 'disk full'));
  });
  it('awaits an async store', async () => {
    const written: [string, string, Grant][] = [];
    const slow: GrantStore = {
      get: async () => undefined,
      set: async (a, s, g) => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        written.push([a, s, g]);
      },
      delete: async () => undefined,
    };
    await consentAnswer(slow, app, asked, 'deny');
    expect(written).toEqual([[app, 'photos.read', 'denied']]);
  });
});

describe('revokeGrant and MemoryGrantStore', () => {
  it('revoking a grant makes the scope undecided again', async () => {
    const store = new MemoryGrantStore({ [app]: { 'photos.read': 'granted', 'share.send': 'denied' } });
    expect(decideWith(store).verdict).toBe('call');
    await revokeGrant(store, app, 'photos.read');
    expect(store.get(app, 'photos.read')).toBeUndefined();
    expect(store.grantsOf(app)).toEqual({ 'share.send': 'denied' });
    expect(decideWith(store).verdict).toBe('ask');
  });
  it('revoking a denied grant lets the sheet come again', async () => {
    const store = new MemoryGrantStore({ [app]: { 'photos.read': 'denied' } });
    await revokeGrant(store, app, 'photos.read');
    expect(decideWith(store).verdict).toBe('ask');
  });
  it('revoking what was never granted is harmless', async () => {
    const store = new MemoryGrantStore();
    await revokeGrant(store, app, 'photos.read');
    expect(store.grantsOf(app)).toEqual({});
  });
  it('refuses to store anything but granted or denied', () => {
    expect(() => new MemoryGrantStore({ [app]: { 'photos.read': 'maybe' as Grant } })).toThrow(TypeError);
  });
  it('grantsOf answers a fresh object each time', () => {
    const store = new MemoryGrantStore({ [app]: { 'photos.read': 'granted' } });
    const first = store.grantsOf(app);
    first['photos.read'] = 'denied';
    expect(store.get(app, 'photos.read')).toBe('granted');
  });
});

describe('consentSheet', () => {
  it('photos: label, verb and why', () => {
    expect(consentSheet(catalog, 'photos.read', manifest[0] as ManifestEntry)).toEqual({
      title: 'Photos',
      text: 'This app wants to access your photos. Pick the photos for an album.',
    });
  });
  it('http with one origin names its host', () => {
    expect(consentSheet(catalog, 'http.fetch', { id: 'http.fetch', why: 'Load exchange rates.', origins: ['https://api.example.com'] })).toEqual({
      title: 'Network',
      text: 'This app wants to connect to api.example.com. Load exchange rates.',
    });
  });
  it('http with two origins joins them with "and"', () => {
    expect(
      consentSheet(catalog, 'http.fetch', { id: 'http.fetch', why: 'Load rates.', origins: ['https://api.example.com', 'https://cdn.example.com'] }).text,
    ).toBe('This app wants to connect to api.example.com and cdn.example.com. Load rates.');
  });
  it('http with three origins: commas and "and", no Oxford comma; hosts normalised, ports kept', () => {
    expect(
      consentSheet(catalog, 'http.fetch', { id: 'http.fetch', why: 'x', origins: ['https://A.example:443', 'https://b.example:8443', 'https://c.example'] })
        .text,
    ).toBe('This app wants to connect to a.example, b.example:8443 and c.example. x');
  });
  it('eDE scopes use their own labels', () => {
    expect(consentSheet(catalog, 'windows.read', { id: 'windows.read', why: 'Show the open windows.' }).title).toBe('Windows');
  });
  it('refuses host-only, picker and unknown scopes, a mismatched entry, a blank why, origins missing', () => {
    expect(() => consentSheet(catalog, 'shell.edit', { id: 'shell.edit', why: 'x' })).toThrow(/host-only/);
    expect(() => consentSheet(catalog, 'share.send', { id: 'share.send', why: 'x' })).toThrow(/picker/);
    expect(() => consentSheet(catalog, 'photos.write', { id: 'photos.write', why: 'x' })).toThrow(/no scope/);
    expect(() => consentSheet(catalog, 'photos.read', { id: 'camera.capture', why: 'x' })).toThrow(/not the one/);
    expect(() => consentSheet(catalog, 'photos.read', { id: 'photos.read', why: '  ' })).toThrow(/no why/);
    expect(() => consentSheet(catalog, 'http.fetch', { id: 'http.fetch', why: 'x' })).toThrow(/no valid origin/);
  });
});

describe('readableList', () => {
  it('joins without an Oxford comma', () => {
    expect(readableList([])).toBe('');
    expect(readableList(['a'])).toBe('a');
    expect(readableList(['a', 'b'])).toBe('a and b');
    expect(readableList(['a', 'b', 'c'])).toBe('a, b and c');
    expect(readableList(['a', 'b', 'c', 'd'])).toBe('a, b, c and d');
  });
});
