import { readFileSync } from 'node:fs';
import { loadCatalog, type Catalog, type NativeResult } from '@xcap/catalog';
import { MemoryGrantStore } from '@xcap/broker';
import { MemoryBlobStore } from '@xcap/bridge';
import { MemoryAuditSink } from '@xcap/audit';
import { createCallPath, type CallPathOptions, type ConsentRequest } from '../src/index.js';

/** The fixture catalog, loaded once. */
export const catalog: Catalog = loadCatalog(JSON.parse(readFileSync(new URL('../../../fixtures/capabilities.json', import.meta.url), 'utf8')));

/** The app every test runs as. */
export const appId = 'acme.album';

/** A call path on memory stores with recording natives for every provided capability; `overrides` replace any option (`providers` replace those capabilities' providers only). */
export function setup(overrides: Partial<CallPathOptions> = {}, consentAnswers: unknown[] = []) {
  const blobs = new MemoryBlobStore();
  const grants = new MemoryGrantStore();
  const audit = new MemoryAuditSink();
  const asked: ConsentRequest[] = [];
  const nativeCalls: { tool: string; input: unknown }[] = [];
  const photo = { id: 'ph-1', name: 'a.jpg', mimeType: 'image/jpeg', takenAt: null, data: 'aGk=' };
  const providers = {
    photos: {
      pick: async (input: unknown): Promise<NativeResult> => {
        nativeCalls.push({ tool: 'photos_pick', input });
        return { structuredContent: { photos: [photo] } };
      },
      get: async (input: unknown): Promise<NativeResult> => {
        nativeCalls.push({ tool: 'photos_get', input });
        return { isError: 'notFound' };
      },
      list: async (input: unknown): Promise<NativeResult> => {
        nativeCalls.push({ tool: 'photos_list', input });
        return { structuredContent: { photos: [], cursor: null } };
      },
    },
    print: {
      print: async (input: unknown): Promise<NativeResult> => {
        nativeCalls.push({ tool: 'print_print', input });
        return { structuredContent: { printed: true } };
      },
    },
    notifications: {
      post: async (input: unknown): Promise<NativeResult> => {
        nativeCalls.push({ tool: 'notifications_post', input });
        return { structuredContent: {} };
      },
      cancel: async (input: unknown): Promise<NativeResult> => {
        nativeCalls.push({ tool: 'notifications_cancel', input });
        return { structuredContent: {} };
      },
    },
    share: {
      send: async (input: unknown): Promise<NativeResult> => {
        nativeCalls.push({ tool: 'share_send', input });
        return { structuredContent: { shared: true } };
      },
    },
  };
  const options: CallPathOptions = {
    catalog,
    app: {
      id: appId,
      screens: ['albums', 'page'],
      manifest: [
        { id: 'photos.read', why: 'Pick the photos for an album.' },
        { id: 'share.send', why: 'Share a finished album.' },
        { id: 'print.pdf', why: 'Make the album a PDF.' },
        { id: 'notifications.post', why: 'Remind you of due pages.' },
      ],
    },
    provided: ['photos', 'share', 'print', 'notifications'],
    blobs,
    grants,
    audit,
    consent: async (request) => {
      asked.push(request);
      const answer = consentAnswers.shift();
      if (answer instanceof Error) throw answer;
      return answer as 'allow';
    },
    clock: () => new Date('2026-11-01T10:00:00Z'),
    randomHex: () => '0123456789abcdef0123456789abcdef',
    ...overrides,
    providers: mergeProviders(providers, overrides.providers ?? {}),
  };
  const path = createCallPath(options);
  return { path, blobs, grants, audit, asked, nativeCalls, options };
}

/** The default providers with `overrides` on top: a plain override object adds to (or replaces methods of) that capability's default provider; anything else replaces it. */
function mergeProviders(defaults: Record<string, object>, overrides: object): object {
  const merged: Record<string, unknown> = { ...defaults };
  for (const [capability, provider] of Object.entries(overrides)) {
    const base = defaults[capability];
    const plain = typeof provider === 'object' && provider !== null && Object.getPrototypeOf(provider) === Object.prototype;
    merged[capability] = base !== undefined && plain ? { ...base, ...(provider as object) } : provider;
  }
  return merged;
}
