import { mkdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { samplePhotos, type Rgb } from '@xcap/host-testing';
import { encodeJpeg } from './encode-jpeg.js';

/** The demo's fresh folders and files. */
export interface SampleWorkspace {
  /** The folder everything lives in. */
  readonly root: string;
  /** The host's data directory (`--data`): consent.json, files/, audit.sqlite. */
  readonly data: string;
  /** The photo library (`--photos`): three real PNG photos and two camera JPEGs with Exif dates. */
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

const mix = (a: Rgb, b: Rgb, t: number): Rgb => {
  const k = Math.min(1, Math.max(0, t));
  return [Math.round(a[0] + (b[0] - a[0]) * k), Math.round(a[1] + (b[1] - a[1]) * k), Math.round(a[2] + (b[2] - a[2]) * k)];
};

/** A harbour at noon: sky, a white sail on blue water, a quay. */
function harbour(x: number, y: number): Rgb {
  if (y >= 140) return mix([150, 140, 120], [110, 100, 85], (y - 140) / 20);
  const mast = x === 150 && y > 50 && y < 112;
  const sail = y > 54 && y < 108 && x > 152 && x - 152 < (y - 54) * 0.6;
  const hull = y >= 108 && y < 116 && x > 128 && x < 190 - (y - 108) * 2;
  if (mast || hull) return [70, 50, 40];
  if (sail) return [250, 250, 245];
  if (y < 96) return mix([90, 160, 230], [200, 230, 250], y / 96);
  return mix([30, 110, 160], [15, 60, 110], (y - 96) / 44);
}

/** An evening pier: a dusk sky over dark water, the pier's planks running out. */
function pier(x: number, y: number): Rgb {
  if (y < 80) return mix([250, 170, 90], [110, 70, 140], y / 80);
  const half = (y - 80) * 0.9 + 4;
  if (Math.abs(x - 120) < half && y > 84) return (y + Math.floor(x / 16)) % 9 === 0 ? [60, 40, 25] : [120, 85, 55];
  return mix([90, 60, 100], [20, 25, 50], (y - 80) / 80);
}

/** The camera photos: JPEGs with their Exif DateTimeOriginal, which the library sorts by. */
const cameraPhotos = [
  { name: 'Harbour at noon.jpg', taken: '2026:07:16 12:30:00', draw: harbour },
  { name: 'Evening pier.jpg', taken: '2026:07:17 19:45:00', draw: pier },
];

/**
 * Creates the demo's workspace in `root` (made when missing; meant to be fresh): an
 * empty data directory, the manifest, a folder to save into and a photo
 * library of five real photos drawn in code (240 × 160): three PNGs whose
 * modification times are three days in July, and two baseline JPEGs whose
 * Exif `DateTimeOriginal` says when they were taken — the library orders
 * by that date, falling back to the modification time.
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
  for (const photo of cameraPhotos) {
    await writeFile(join(workspace.photos, photo.name), encodeJpeg(240, 160, photo.draw, { dateTimeOriginal: photo.taken }));
  }
  await writeFile(workspace.manifest, `${JSON.stringify(albumManifest, null, 2)}\n`);
  return workspace;
}
