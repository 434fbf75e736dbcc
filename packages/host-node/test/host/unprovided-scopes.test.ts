import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { tempDir } from '@xcap/test-support';
import { describe, expect, it, vi } from 'vitest';
import { serveStdio } from '../../src/mcp/serve-stdio.js';
import { unprovidedScopeWarnings } from '../../src/mcp/unprovided-scope-warnings.js';

vi.setConfig({ testTimeout: 60_000 });

const manifest = {
  id: 'acme.album',
  screens: ['albums'],
  capabilities: [
    { id: 'photos.read', why: 'Pick photos.' },
    { id: 'files.open', why: 'Open a file.' },
    { id: 'share.send', why: 'Share the album.' },
    { id: 'print.pdf', why: 'Print it.' },
  ],
};

describe('a declared scope whose capability the host does not provide', () => {
  it('gets one warning line each, in manifest order, naming the flag that would provide it', () => {
    expect(unprovidedScopeWarnings(manifest, ['print', 'photos'])).toEqual([
      'xcap serve: warning: the manifest declares files.open, but this host does not provide files: its tools are not listed and its calls answer unavailable (give --files <dir>, or a --providers-command that describes files)',
      'xcap serve: warning: the manifest declares share.send, but this host does not provide share: its tools are not listed and its calls answer unavailable (give a --providers-command that describes share)',
    ]);
    expect(unprovidedScopeWarnings(manifest, ['files', 'photos', 'print', 'share'])).toEqual([]);
  });

  it('xcap serve over stdio prints them at start: photos.read without --photos names --photos <dir>', async () => {
    const stdin = new PassThrough();
    const log: string[] = [];
    const photos = join(tempDir(), 'photos');
    mkdirSync(photos);
    const serve = await serveStdio({
      manifest: { ...manifest, capabilities: manifest.capabilities.slice(0, 1) },
      dataDir: join(tempDir(), 'data'),
      stdin,
      stdout: new PassThrough(),
      log: (line) => log.push(line),
    });
    stdin.end();
    await serve.closed;
    expect(log.filter((line) => line.includes('warning'))).toEqual([
      'xcap serve: warning: the manifest declares photos.read, but this host does not provide photos: its tools are not listed and its calls answer unavailable (give --photos <dir>, or a --providers-command that describes photos)',
    ]);
    const served = await serveStdio({
      manifest: { ...manifest, capabilities: manifest.capabilities.slice(0, 1) },
      dataDir: join(tempDir(), 'data'),
      photosDir: photos,
      stdin: new PassThrough().end(),
      stdout: new PassThrough(),
      log: (line) => log.splice(0, 0, line),
    });
    await served.closed;
    expect(log.filter((line) => line.includes('warning'))).toHaveLength(1);
  });
});
