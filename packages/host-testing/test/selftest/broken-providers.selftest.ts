/** The native conformance suite against deliberately broken providers: every broken tool must fail, every sound one pass. */
import { sampleNatives, createFakeHost } from '../../src/index.js';
import { runNativeConformance } from '../../src/conformance.js';

runNativeConformance({
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
});
