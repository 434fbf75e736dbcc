import { mkdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { samplePhotos } from '@xcap/host-testing';

/** The app manifest every host benchmark serves: photos.read only. */
export const albumManifest = { id: 'acme.album', screens: ['albums'], capabilities: [{ id: 'photos.read', why: 'Pick photos.' }] };

/** What `writeSampleAlbum` wrote: the photo folder and the manifest file. */
export interface SampleAlbum {
  /** `<dir>/photos`: the three sample photos, one day apart (modification times 14–16 July 2026). */
  readonly photos: string;
  /** `<dir>/app.json`: `albumManifest`. */
  readonly manifest: string;
}

/** Writes the host benchmarks' photo folder and manifest file into `dir`. */
export async function writeSampleAlbum(dir: string): Promise<SampleAlbum> {
  const photos = join(dir, 'photos');
  await mkdir(photos);
  for (const [i, photo] of samplePhotos().entries()) {
    const file = join(photos, photo.name);
    await writeFile(file, Buffer.from(photo.data, 'base64'));
    const time = new Date(Date.UTC(2026, 6, 14 + i));
    await utimes(file, time, time);
  }
  const manifest = join(dir, 'app.json');
  await writeFile(manifest, JSON.stringify(albumManifest));
  return { photos, manifest };
}
