import { errorText } from '@xcap/wire/node';

/**
 * `provider` with every method made a native that never throws or
 * rejects: anything a method throws (a bug, an input no bridge would send)
 * answers isError `failed: <why>`, as the spec asks of every native.
 */
export function neverThrows<T extends object>(provider: T): T {
  const guarded: Record<string, unknown> = {};
  for (const [name, method] of Object.entries(provider)) {
    guarded[name] =
      typeof method === 'function'
        ? async (...args: unknown[]) => {
            try {
              return await (method as (...a: unknown[]) => unknown).apply(provider, args);
            } catch (error) {
              return { isError: `failed: ${errorText(error)}` };
            }
          }
        : method;
  }
  return guarded as T;
}
