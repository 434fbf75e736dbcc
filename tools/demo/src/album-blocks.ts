import type { JsonObject } from '@xcap/catalog';

/** A photo as the album lays it out: its app file and what to write under it. */
export interface AlbumPhoto {
  readonly fileId: string;
  readonly name: string;
  readonly takenAt: string | null;
}

/**
 * The print_pdf blocks of the demo album: a heading, an introduction, each
 * photo with a caption (its name without the extension, and the day it was
 * taken), a page break and a closing note.
 */
export function albumBlocks(photos: readonly AlbumPhoto[]): JsonObject[] {
  const caption = (photo: AlbumPhoto) => {
    const title = photo.name.replace(/\.[^.]+$/, '');
    return photo.takenAt === null ? title : `${title}, ${photo.takenAt.slice(0, 10)}`;
  };
  return [
    { heading: 'Summer at the lake' },
    {
      text: 'Three days at the lake, picked by the person and laid out by the album agent.\nEvery photo below came through xcap: asked for once, granted, picked, stored as an app file.',
    },
    ...photos.map((photo) => ({ image: photo.fileId, caption: caption(photo) })),
    { pageBreak: true },
    { heading: 'Notes' },
    { text: 'This PDF was written by the engine itself (print_pdf): A4, Helvetica, byte for byte the same on every host.' },
  ];
}
