/** One photo of a folder-backed library, as the photos provider and its picker hook see it. */
export interface LibraryPhoto {
  /** Stable and opaque: `ph-` + 32 hex digits of the SHA-256 of the file name's bytes. */
  readonly id: string;
  /**
   * The file name (no folder) as shown: a name that is not UTF-8 has U+FFFD
   * for each broken byte, and control and bidirectional control characters
   * are `-` (`displayFileName`).
   */
  readonly name: string;
  /** `image/jpeg` or `image/png`, from the file's bytes. */
  readonly mimeType: 'image/jpeg' | 'image/png';
  /** EXIF DateTimeOriginal as RFC 3339, or `null` when the file carries none. */
  readonly takenAt: string | null;
  /** The sort instant in ms since the epoch: the EXIF date, else the file's modification time (whole ms). */
  readonly time: number;
  /** The file's absolute path (for a picker that shows thumbnails); for a name that is not UTF-8, with U+FFFD for each broken byte. */
  readonly path: string;
  /** The file's size in bytes when the folder was read. */
  readonly size: number;
}
