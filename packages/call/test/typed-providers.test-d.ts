import { describe, expectTypeOf, it } from 'vitest';
import { catalog, loadCatalog, type Catalog, type NativeResult, type PhotosPickNativeInput, type PhotosPickNativeOutput } from '@xcap/catalog';
import { MemoryAuditSink } from '@xcap/audit';
import { MemoryGrantStore } from '@xcap/broker';
import { MemoryBlobStore } from '@xcap/bridge';
import { createCallPath, type CallPathProviders, type NativeProviders } from '../src/index.js';

const base = {
  catalog,
  app: { id: 'acme.album', screens: [], manifest: [] },
  blobs: new MemoryBlobStore(),
  grants: new MemoryGrantStore(),
  audit: new MemoryAuditSink(),
  consent: () => 'dismiss' as const,
  clock: () => new Date(),
  randomHex: () => '0'.repeat(32),
};
const noPhotos = async (): Promise<NativeResult<PhotosPickNativeOutput>> => ({ structuredContent: { photos: [] } });
const photos = { pick: noPhotos, get: async () => ({ isError: 'notFound' }), list: () => ({ structuredContent: { photos: [], cursor: null } }) };

describe('providers the compiler checks (built-in catalog, literal provided list)', () => {
  it('accepts every method of every provided capability, sync or async', () => {
    expectTypeOf(createCallPath({ ...base, provided: ['photos', 'camera'], providers: { photos } })).toHaveProperty('call');
  });

  it('refuses a missing capability', () => {
    // @ts-expect-error photos is provided, so its provider is required
    createCallPath({ ...base, provided: ['photos'], providers: {} });
  });

  it('refuses a misspelt capability', () => {
    // @ts-expect-error `photo` is no capability of the built-in catalog
    createCallPath({ ...base, provided: ['photos'], providers: { photos, photo: photos } });
  });

  it('refuses a misspelt or missing method', () => {
    // @ts-expect-error `pik` instead of `pick`
    createCallPath({ ...base, provided: ['photos'], providers: { photos: { pik: noPhotos, get: photos.get, list: photos.list } } });
  });

  it('refuses a wrong answer type', () => {
    // @ts-expect-error `photos` must be a list
    createCallPath({ ...base, provided: ['photos'], providers: { photos: { ...photos, pick: async () => ({ structuredContent: { photos: 'none' } }) } } });
  });

  it('refuses a wrong input type', () => {
    // @ts-expect-error the native input of pick has `limit: number`
    createCallPath({ ...base, provided: ['photos'], providers: { photos: { ...photos, pick: (_input: { limit: string }) => noPhotos() } } });
  });

  it('types providers from the provided names', () => {
    expectTypeOf<CallPathProviders<readonly ['photos']>['photos']['pick']>().parameter(0).toEqualTypeOf<PhotosPickNativeInput>();
    expectTypeOf<CallPathProviders<readonly ['camera']>>().not.toHaveProperty('camera');
  });
});

describe('the untyped form for catalogs loaded at run time', () => {
  it('keeps NativeProviders for a provided list typed string[]', () => {
    const loaded: Catalog = loadCatalog({});
    const provided: string[] = ['photos'];
    expectTypeOf(createCallPath({ ...base, catalog: loaded, provided, providers: { photo: { pik: () => null } } })).toHaveProperty('call');
    expectTypeOf<CallPathProviders<string[]>>().toEqualTypeOf<NativeProviders>();
  });

  it('keeps NativeProviders for providers typed as a string-indexed map (built at run time)', () => {
    const built: { readonly [capability: string]: { readonly [tool: string]: (input: unknown) => Promise<unknown> } } = {};
    expectTypeOf(createCallPath({ ...base, provided: ['photos'], providers: built })).toHaveProperty('call');
  });

  it('keeps NativeProviders when a name is not a built-in capability', () => {
    expectTypeOf<CallPathProviders<readonly ['photos', 'bluetooth']>>().toEqualTypeOf<NativeProviders>();
  });
});
