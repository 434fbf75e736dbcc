/**
 * The reference providers behind the host's own provider-protocol client
 * (`spawnProviders` of @xcap/provider-protocol): their descriptions pass the
 * catalog check, and natives called through the client answer what
 * nativeOutputSchema allows.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { spawnProviders, type SpawnedProviders } from '@xcap/provider-protocol';
import { expectNativeOutput, nativeOutputValidators } from './native-schemas.js';
import { photoFolder, type PhotoFolder } from './photo-folder.js';
import { javaProviderDir, pythonProvider, repoRoot } from './repo-paths.js';

// Child processes (xcap serve, SDK clients, providers): the shared 20 s is too short on a loaded 2-core machine.
vi.setConfig({ testTimeout: 60_000 });

const validators = nativeOutputValidators();
const hasJavac = spawnSync('javac', ['-version']).error === undefined;
if (!hasJavac) console.warn('skipped: javac is not on PATH, so the Java provider is not compiled here');

describe('python reference provider behind spawnProviders', () => {
  let folder: PhotoFolder;
  let spawned: SpawnedProviders | undefined;
  const logged: string[] = [];

  beforeAll(async () => {
    folder = await photoFolder();
    spawned = await spawnProviders([['python3', join(repoRoot, pythonProvider), '--photos', folder.dir]], { log: (line) => logged.push(line), graceMs: 2_000 });
  });

  afterAll(async () => {
    await spawned?.close();
    await rm(folder.dir, { recursive: true, force: true });
  });

  it('provides photos and notifications, and every native answers within nativeOutputSchema', async () => {
    const { providers, provided } = spawned!;
    expect(provided).toEqual(['notifications', 'photos']);
    const listed = (await providers.photos!.list!({ limit: 2 })) as { structuredContent: { photos: { id: string }[] } };
    expectNativeOutput(validators, 'photos_list', listed.structuredContent);
    const got = (await providers.photos!.get!({ id: listed.structuredContent.photos[0]!.id })) as { structuredContent: unknown };
    expectNativeOutput(validators, 'photos_get', got.structuredContent);
    const picked = (await providers.photos!.pick!({ limit: 3 })) as { structuredContent: unknown };
    expectNativeOutput(validators, 'photos_pick', picked.structuredContent);
    const posted = (await providers.notifications!.post!({ id: 'acme.album/n-1', title: 't', body: null, at: null, tap: null })) as {
      structuredContent: unknown;
    };
    expectNativeOutput(validators, 'notifications_post', posted.structuredContent);
    expect(await providers.notifications!.cancel!({ id: 'acme.album/n-1' })).toEqual({ structuredContent: { cancelled: true } });
    const deadline = Date.now() + 5_000; // the provider's stderr is its own pipe: its log line may arrive after the answer
    while (!logged.some((line) => line.includes('notification shown: acme.album/n-1')) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(logged.some((line) => line.includes('notification shown: acme.album/n-1'))).toBe(true);
  });
});

describe.skipIf(!hasJavac)('java provider behind spawnProviders', () => {
  let classes = '';
  let spawned: SpawnedProviders | undefined;

  beforeAll(async () => {
    classes = mkdtempSync(join(tmpdir(), 'xcap-java-provider-'));
    const compiled = spawnSync('javac', ['-d', classes, join(repoRoot, javaProviderDir, 'XcapProvider.java')], { encoding: 'utf8' });
    expect(compiled.status, compiled.stderr).toBe(0);
    spawned = await spawnProviders([['java', '-cp', classes, 'XcapProvider']], { log: () => undefined });
  });

  afterAll(async () => {
    await spawned?.close();
    if (classes !== '') rmSync(classes, { recursive: true, force: true });
  });

  it('provides notifications; post and cancel answer within nativeOutputSchema', async () => {
    const { providers, provided } = spawned!;
    expect(provided).toEqual(['notifications']);
    const posted = (await providers.notifications!.post!({ id: 'acme.album/n-1', title: 't', body: null, at: null, tap: null })) as {
      structuredContent: unknown;
    };
    expectNativeOutput(validators, 'notifications_post', posted.structuredContent);
    const cancelled = (await providers.notifications!.cancel!({ id: 'acme.album/n-1' })) as { structuredContent: unknown };
    expectNativeOutput(validators, 'notifications_cancel', cancelled.structuredContent);
    expect(cancelled.structuredContent).toEqual({ cancelled: true });
  });
});
