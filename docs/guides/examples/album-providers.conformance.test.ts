// #region vitest
import { runNativeConformance } from '@xcap/host-testing/conformance';
import { createAlbumProviders, sampleLibrary } from './album-providers.js';

runNativeConformance({
  createProviders: () => createAlbumProviders(sampleLibrary()), // a fresh set per test
  provided: ['photos', 'notifications', 'print'], // the capabilities this host offers
});
// #endregion vitest
