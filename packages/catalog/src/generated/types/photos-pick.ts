// generated from fixtures/capabilities.json by tools/codegen — do not edit
/** The arguments of `photos_pick` as an app or agent passes them. */
export interface PhotosPickInput {
  /**
   * An integer. Range: 1–50.
   *
   * @defaultValue 1
   */
  limit?: number;
}

/** What `photos_pick` answers (its structured content). */
export interface PhotosPickOutput {
  /**
   * Items: at most 50.
   */
  photos: {
    /**
     * Length: 1–500 characters.
     */
    id: string;
    /**
     * Length: 1–255 characters.
     */
    name: string;
    /**
     * Length: 1–100 characters.
     */
    mimeType: string;
    /**
     * Format: date-time (RFC 3339, e.g. `2026-01-31T09:30:00Z`).
     */
    takenAt: string | null;
    /**
     * An integer. Range: at least 0.
     */
    size: number;
    /**
     * Length: 1–200 characters.
     */
    fileId: string;
  }[];
}

/** What the native provider of `photos_pick` receives (the bridge's mapping). */
export interface PhotosPickNativeInput {
  /**
   * An integer. Range: 1–50.
   *
   * @defaultValue 1
   */
  limit: number;
}

/** What the native provider of `photos_pick` answers. */
export interface PhotosPickNativeOutput {
  /**
   * Items: at most 50.
   */
  photos: {
    /**
     * Length: 1–500 characters.
     */
    id: string;
    /**
     * Length: 1–255 characters.
     */
    name: string;
    /**
     * Length: 1–100 characters.
     */
    mimeType: string;
    /**
     * Format: date-time (RFC 3339, e.g. `2026-01-31T09:30:00Z`).
     */
    takenAt: string | null;
    /**
     * Format: base64 (standard alphabet, padded).
     */
    data: string;
  }[];
}
