/**
 * The pickers get the call's `NativeContext` (its signal, its deadline) from
 * the providers, through the real bridge; an answer after its signal
 * aborted is refused as a cancel.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalog, type JsonObject, type NativeContext } from '@xcap/catalog';
import { bridgeCall, MemoryBlobStore } from '@xcap/bridge';
import { createFilesProvider } from '../../src/providers/files-provider.js';
import { createPhotosProvider } from '../../src/providers/photos-provider.js';
import { createPrintProvider } from '../../src/providers/print-provider.js';
import { jpegWithExif } from './jpeg-with-exif.js';
import { fakeBin, recordedCalls, tempDir } from './provider-test-kit.js';

const job = { name: 'album.pdf', mimeType: 'application/pdf' as const, data: 'JVBERi0=' };

/** A picker that records its context, then waits for the abort and answers `late` anyway (a dialog that ignores it). */
function lateAfterAbort<T>(late: T, contexts: (NativeContext | undefined)[]) {
  return (context: NativeContext | undefined): Promise<T> => {
    contexts.push(context);
    return new Promise<T>((resolve) => context?.signal.addEventListener('abort', () => resolve(late)));
  };
}

/** Waits (real time) until `n` pickers were asked. */
async function asked(contexts: readonly unknown[], n: number): Promise<void> {
  for (let i = 0; i < 400 && contexts.length < n; i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(contexts).toHaveLength(n);
}

function withContext() {
  const controller = new AbortController();
  return { controller, context: { signal: controller.signal, deadline: Date.now() + 60_000, agent: null, client: null } };
}

describe('picker hooks get the call’s context and their answers after its abort are refused', () => {
  it('photos_pick: the picker gets the context; a pick after the abort hands over no photo', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'lake.jpg'), jpegWithExif({ dateTimeOriginal: '2026:11:01 10:00:00' }));
    const contexts: (NativeContext | undefined)[] = [];
    const photos = createPhotosProvider({
      dir,
      picker: (candidates, _limit, context) =>
        lateAfterAbort(
          candidates.map((c) => c.id),
          contexts,
        )(context),
    });
    const { controller, context } = withContext();
    const picked = photos.pick({ limit: 3 }, context);
    await asked(contexts, 1);
    expect(contexts).toEqual([context]);
    controller.abort();
    expect(await picked).toEqual({ structuredContent: { photos: [] } });
  });

  it('files_open and files_save: the dialogs get the context; after the abort nothing is read or written', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.csv'), 'x');
    const contexts: (NativeContext | undefined)[] = [];
    const files = createFilesProvider({
      dir,
      openPicker: (_request, context) => lateAfterAbort([join(dir, 'a.csv')], contexts)(context),
      savePicker: (_request, context) => lateAfterAbort({ folderName: 'late.txt' }, contexts)(context),
    });
    const open = withContext();
    const opened = files.open({ multiple: true }, open.context);
    await asked(contexts, 1);
    open.controller.abort();
    expect(await opened).toEqual({ structuredContent: { files: [] } });
    const save = withContext();
    const saved = files.save({ name: 'x.txt', mimeType: 'text/plain', data: 'aGk=' }, save.context);
    await asked(contexts, 2);
    save.controller.abort();
    expect(await saved).toEqual({ structuredContent: { saved: false } });
    expect(readdirSync(dir)).toEqual(['a.csv']);
    expect(contexts).toEqual([open.context, save.context]);
  });

  it('print_print: the print sheet gets the context; a printer chosen after the abort prints nothing', async () => {
    const bin = fakeBin({ lp: 'cat > /dev/null', lpstat: "echo 'office'" });
    const contexts: (NativeContext | undefined)[] = [];
    const print = createPrintProvider({ env: bin.env, picker: (_request, context) => lateAfterAbort('office', contexts)(context) });
    const { controller, context } = withContext();
    const printed = print.print(job, context);
    await asked(contexts, 1);
    controller.abort();
    expect(await printed).toEqual({ structuredContent: { printed: false } });
    expect(recordedCalls(bin.root, 'lp')).toEqual([]);
    expect(contexts).toEqual([context]);
  });

  it('a picker that rejects because of the abort is a cancel, not pickerFailed', async () => {
    const bin = fakeBin({ lp: 'cat > /dev/null', lpstat: "echo 'office'" });
    const contexts: (NativeContext | undefined)[] = [];
    const print = createPrintProvider({
      env: bin.env,
      picker: (_request, context) => {
        contexts.push(context);
        return new Promise<string>((_resolve, reject) => context?.signal.addEventListener('abort', () => reject(new Error('dialog closed'))));
      },
    });
    const { controller, context } = withContext();
    const printed = print.print(job, context);
    await asked(contexts, 1);
    controller.abort();
    expect(await printed).toEqual({ structuredContent: { printed: false } });
  });

  it('through the bridge: the picker’s signal aborts at the bridge’s timeout, which ends the call timeout', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'lake.jpg'), jpegWithExif({ dateTimeOriginal: '2026:11:01 10:00:00' }));
    const contexts: (NativeContext | undefined)[] = [];
    const photos = createPhotosProvider({
      dir,
      picker: (candidates, _limit, context) =>
        lateAfterAbort(
          candidates.map((c) => c.id),
          contexts,
        )(context),
    });
    const started = Date.now();
    const end = await bridgeCall({
      catalog,
      tool: 'photos_pick',
      arguments: { limit: 1 },
      context: { app: 'acme.album', screens: [] },
      blobs: new MemoryBlobStore(),
      native: (input: JsonObject, context: NativeContext) => photos.pick(input as { limit: number }, context),
      timeoutMs: 100,
    });
    expect(end.outcome).toBe('timeout');
    expect(contexts[0]?.signal.aborted).toBe(true);
    expect(contexts[0]?.deadline).toBeGreaterThanOrEqual(started + 100);
    expect(contexts[0]?.deadline).toBeLessThanOrEqual(Date.now() + 100);
  });

  it('called without a context (not through the bridge), a picker gets one that never aborts', async () => {
    const bin = fakeBin({ lp: 'cat > /dev/null', lpstat: "echo 'office'" });
    const seen: (NativeContext | undefined)[] = [];
    const print = createPrintProvider({
      env: bin.env,
      picker: (_request, context) => {
        seen.push(context);
        return null;
      },
    });
    expect(await print.print(job)).toEqual({ structuredContent: { printed: false } });
    expect(seen[0]?.signal.aborted).toBe(false);
    expect(seen[0]?.deadline).toBe(Infinity);
  });
});
