/** Deliberately broken providers and the suite options around them, shared by the vitest and node:test self-tests so both runners see the same suite. */
import type { NativeConformanceOptions } from '../../src/conformance.js';
import { createFakeHost, sampleNatives } from '../../src/index.js';

/** The options both self-test files run: every broken tool must fail, every sound one pass, and the stray skip fails the suite. */
export const brokenProvidersOptions: NativeConformanceOptions = {
  timeoutMs: 50,
  createProviders: () => {
    const sound = createFakeHost({ natives: sampleNatives() }).providers;
    return {
      ...sound,
      photos: {
        ...sound.photos,
        pick: async () => ({ structuredContent: { photos: [{ id: 'x' }] } }),
        list: () => {
          throw new Error('no library');
        },
        get: async () => ({ isError: '' }),
      },
      share: { send: () => new Promise(() => undefined) },
      files: { open: sound.files?.open },
      notifications: { ...sound.notifications, post: async () => ({ structuredContent: {}, content: [] }) },
      print: { print: async () => 'printed' },
    };
  },
  skip: [{ reason: 'no such test', tests: ['photos_delete'] }],
};
