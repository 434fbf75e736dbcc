import { mkdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { samplePhotos } from '@xcap/host-testing';

/** The demo's fresh folders and files. */
export interface SampleWorkspace {
  /** The folder everything lives in. */
  readonly root: string;
  /** The host's data directory (`--data`): consent.json, files/, audit.sqlite. */
  readonly data: string;
  /** The photo library (`--photos`): three real PNG photos. */
  readonly photos: string;
  /** The folder files_save saves into (`--files`). */
  readonly saved: string;
  /** The app's manifest (`--manifest`). */
  readonly manifest: string;
}

/** The album app's manifest: photos (asked once, kept), print and files (pickers: the person is there). */
export const albumManifest = {
  id: 'acme.album',
  screens: ['albums', 'page'],
  capabilities: [
    { id: 'photos.read', why: 'Pick the photos for your album.' },
    { id: 'print.pdf', why: 'Lay your album out as a PDF.' },
    { id: 'files.write', why: 'Save your album where you want it.' },
  ],
};

/**
 * Creates the demo's workspace in `root` (made when missing; meant to be fresh): an
 * empty data directory, the manifest, a folder to save into and a photo
 * library of three real PNG photos (240 × 160, drawn in code) whose
 * modification times are three days in July, so the library's order is
 * the days they were "taken".
 */
export async function createSampleWorkspace(root: string): Promise<SampleWorkspace> {
  const workspace = { root, data: join(root, 'data'), photos: join(root, 'photos'), saved: join(root, 'saved'), manifest: join(root, 'app.json') };
  await mkdir(root, { recursive: true });
  await mkdir(workspace.photos);
  await mkdir(workspace.saved);
  for (const [i, photo] of samplePhotos().entries()) {
    const file = join(workspace.photos, photo.name);
    await writeFile(file, Buffer.from(photo.data, 'base64'));
    const day = new Date(Date.UTC(2026, 6, 14 + i, 9 + i * 3));
    await utimes(file, day, day);
  }
  await writeFile(workspace.manifest, `${JSON.stringify(albumManifest, null, 2)}\n`);
  return workspace;
}
