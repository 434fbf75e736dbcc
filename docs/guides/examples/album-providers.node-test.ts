// #region node-test
import { runNativeConformance } from '@xcap/host-testing/conformance/node-test';
import { createAlbumProviders, sampleLibrary } from './album-providers.js';

runNativeConformance({
  createProviders: () => createAlbumProviders(sampleLibrary()),
  provided: ['photos', 'notifications', 'print'],
});
// #endregion node-test
