/**
 * A host team's program against a folder `xcap-codegen --out xcap` wrote
 * (it imports only `@xcap/catalog/runtime`): the typed client, a validator,
 * and misuses the generated types must refuse. Type-checked in the release
 * check's scratch consumer; never run.
 */
import { createToolClient, validators, ToolCallError } from './xcap/index.js';
import type { PhotosPickInput, PhotosPickOutput, ToolInvocation } from './xcap/index.js';

const seen: ToolInvocation[] = [];
const client = createToolClient(async (call) => {
  seen.push(call);
  return { content: [{ type: 'text', text: '{"photos":[]}' }], structuredContent: { photos: [] } };
});

const input: PhotosPickInput = { limit: 2 };
export const picked: Promise<PhotosPickOutput> = client.photos.pick(input);
export const checked = validators.photos_pick({ limit: 51 });
export const refusal = (error: unknown): string => (error instanceof ToolCallError ? error.message : 'not a ToolCallError');
export const calls: readonly ToolInvocation[] = seen;

// @ts-expect-error limit is a number
void client.photos.pick({ limit: 'two' });
// @ts-expect-error photos_pick takes no color
void client.photos.pick({ limit: 1, color: 'red' });
// @ts-expect-error there is no tool photos.unfavorite
void client.photos.unfavorite({ id: 'p1' });
