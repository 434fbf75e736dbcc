import type { RequestId } from '@modelcontextprotocol/server';
import { isObject, usableId } from '@xcap/wire';

/** A tools/call request as received: the decoded message (whatever else is wrong with it) and its id. */
export interface ReceivedToolsCall {
  /** The decoded JSON object. */
  readonly message: Record<string, unknown>;
  /** Its id: a string or a safe integer. */
  readonly id: RequestId;
}

/**
 * The tools/call requests a decoded JSON value holds: the value itself when
 * it is one (an object with `method: "tools/call"` and a usable id), each
 * element of a batch (an array) that is one, else none. The method is
 * compared after JSON decoding, so `"tools\/call"` and `"tools\u002fcall"`
 * are `tools/call` too.
 */
export function toolsCallRequests(value: unknown): ReceivedToolsCall[] {
  const items: readonly unknown[] = Array.isArray(value) ? value : [value];
  return items.flatMap((item) => {
    if (!isObject(item) || item['method'] !== 'tools/call') return [];
    const id = item['id'];
    return usableId(id) ? [{ message: item, id }] : [];
  });
}
