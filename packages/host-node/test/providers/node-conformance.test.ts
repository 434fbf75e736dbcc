/**
 * The native conformance suite of `@xcap/host-testing`, wired against the
 * Node providers the way a platform team wires it against theirs: a sample
 * photo folder, a files folder, a fake notify-send and a fake lp on PATH,
 * a share hook.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { runNativeConformance } from '@xcap/host-testing/conformance';
import { nodeProviders, type NodeProviders } from '../../src/providers/node-providers.js';
import { jpegWithExif } from './jpeg-with-exif.js';
import { pngWithExif } from './png-with-exif.js';

const root = mkdtempSync(join(tmpdir(), 'xcap-conformance-'));
const photosDir = join(root, 'photos');
const filesDir = join(root, 'files');
const bin = join(root, 'bin');
for (const dir of [photosDir, filesDir, bin]) mkdirSync(dir);
writeFileSync(join(photosDir, 'lake.jpg'), jpegWithExif({ dateTimeOriginal: '2026:11:01 10:00:00', offsetTimeOriginal: '+01:00' }));
writeFileSync(join(photosDir, 'swatch.png'), pngWithExif());
writeFileSync(join(filesDir, 'notes.sample'), 'sample notes');
writeFileSync(join(filesDir, 'rates.csv'), 'EUR,1\n');
for (const [name, body] of [
  ['notify-send', 'echo 1'],
  ['lp', 'cat > /dev/null'],
] as const) {
  writeFileSync(join(bin, name), `#!/bin/sh\n${body}\n`);
  chmodSync(join(bin, name), 0o755);
}

const made: NodeProviders[] = [];
afterAll(() => {
  for (const node of made) node.close();
  rmSync(root, { recursive: true, force: true });
});

runNativeConformance({
  provided: ['files', 'notifications', 'photos', 'print', 'share'],
  createProviders: () => {
    const node = nodeProviders({
      env: { PATH: `${bin}:/usr/bin:/bin` },
      photosDir,
      filesDir,
      stateFile: join(root, 'notifications.json'),
      gdbus: null,
      share: () => ({ shared: true }),
    });
    made.push(node);
    return node.providers;
  },
});
