import type { Catalog, JsonObject } from '@xcap/catalog';
import { bridgeCall, MemoryBlobStore } from '@xcap/bridge';
import { encodePng } from '../encode-png.js';
import { sampleText } from './sample-value.js';

/** The app the samples run as: its only screen and its only file are both named `sample`. */
export const sampleContext = { app: 'conformance.app', screens: [sampleText] } as const;

/** The `native` input the bridge makes of `args`, or why the bridge refused them (the native never ran). */
export type CapturedInput = { readonly input: JsonObject } | { readonly refused: string };

/**
 * Runs `args` through the real `bridgeCall` for `tool` with a capturing
 * native, so the sample native input is exactly what a host's provider gets
 * (mapping, defaults, app-scoped ids, file bytes). The app's file `sample`
 * is a small PNG (so print_print, files_save and share_send have a file).
 */
export async function captureNativeInput(catalog: Catalog, tool: string, args: JsonObject): Promise<CapturedInput> {
  const blobs = new MemoryBlobStore();
  blobs.seed(
    sampleContext.app,
    sampleText,
    encodePng(2, 2, (x, y) => [x * 255, y * 255, 128]),
    { name: 'sample.png', mimeType: 'image/png' },
  );
  let input: JsonObject | undefined;
  const end = await bridgeCall({
    catalog,
    tool,
    arguments: args,
    context: sampleContext,
    blobs,
    native: (nativeArguments) => {
      input = structuredClone(nativeArguments);
      return { isError: 'captured' };
    },
    randomHex: () => '0123456789abcdef0123456789abcdef',
  });
  return input !== undefined ? { input } : { refused: end.result.content[0].text };
}
