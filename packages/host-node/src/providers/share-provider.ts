import type { ShareProvider, ShareSendNativeInput } from '@xcap/catalog';
import { errorText } from '@xcap/wire/node';
import { neverThrows } from './never-throws.js';

/**
 * A host's share sheet: gets what share_send hands the native (title, text,
 * url and/or a file with its bytes in base64) and answers whether it was
 * shared (`true` where the platform cannot tell).
 */
export type ShareHook = (input: ShareSendNativeInput) => Promise<ShareAnswer> | ShareAnswer;

/** What a share hook answers. */
export interface ShareAnswer {
  /** Whether it was shared (`false` when the person dismissed the sheet). */
  readonly shared: boolean;
}

/**
 * The share provider over `hook`, or `undefined` without one (Node has no
 * share sheet of its own, so `share` is then not provided). A hook that
 * rejects answers isError `shareFailed: …`; one that answers anything but
 * `{shared: boolean}` answers isError `shareFailed: …` too.
 */
export function createShareProvider(hook: ShareHook | undefined): ShareProvider | undefined {
  if (hook === undefined) return undefined;
  return neverThrows<ShareProvider>({
    async send(input) {
      let answer: unknown;
      try {
        answer = await hook(input);
      } catch (error) {
        return { isError: `shareFailed: ${errorText(error)}` };
      }
      const shared = typeof answer === 'object' && answer !== null ? (answer as { shared?: unknown }).shared : undefined;
      return typeof shared === 'boolean' ? { structuredContent: { shared } } : { isError: 'shareFailed: the share hook did not answer {shared: boolean}' };
    },
  });
}
