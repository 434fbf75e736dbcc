// generated from fixtures/capabilities.json by tools/codegen — do not edit
/** The arguments of `photos_list` as an app or agent passes them. */
export interface PhotosListInput {
  /**
   * An integer. Range: 1–100.
   *
   * @defaultValue 50
   */
  limit?: number;
  /**
   * Length: 1–200 characters.
   */
  cursor?: string;
}

/** What `photos_list` answers (its structured content). */
export interface PhotosListOutput {
  /**
   * Items: at most 100.
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
  }[];
  /**
   * Length: at most 200 characters.
   */
  cursor: string | null;
}

/** What the native provider of `photos_list` receives (the bridge's mapping). */
export interface PhotosListNativeInput {
  /**
   * An integer. Range: 1–100.
   *
   * @defaultValue 50
   */
  limit: number;
  /**
   * Length: 1–200 characters.
   */
  cursor?: string;
}

/** What the native provider of `photos_list` answers. */
export interface PhotosListNativeOutput {
  /**
   * Items: at most 100.
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
  }[];
  /**
   * Length: at most 200 characters.
   */
  cursor: string | null;
}
