// generated from fixtures/capabilities.json by tools/codegen — do not edit
/** The arguments of `photos_get` as an app or agent passes them. */
export interface PhotosGetInput {
  /**
   * Length: 1–500 characters.
   */
  id: string;
}

/** What `photos_get` answers (its structured content). */
export interface PhotosGetOutput {
  photo: {
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
  };
}

/** What the native provider of `photos_get` receives (the bridge's mapping). */
export interface PhotosGetNativeInput {
  /**
   * Length: 1–500 characters.
   */
  id: string;
}

/** What the native provider of `photos_get` answers. */
export interface PhotosGetNativeOutput {
  photo: {
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
  };
}
