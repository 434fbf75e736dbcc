import { fileURLToPath } from 'node:url';

/**
 * The reference Node provider (plain JavaScript, `node node-provider.mjs [flags]`): a provider
 * process over the provider protocol whose behaviour its flags script (which capabilities it
 * describes, answers off-schema, crashes, stalls); see the flags at the top of the file.
 */
export const nodeProviderPath = fileURLToPath(new URL('../fixtures/node-provider.mjs', import.meta.url));

/** The Python reference provider of `examples/python-provider` (`python3 xcap_provider.py --photos <folder>`). */
export const pythonProviderPath = fileURLToPath(new URL('../../../examples/python-provider/xcap_provider.py', import.meta.url));
