// generated from fixtures/capabilities.json by tools/codegen — do not edit
/** The arguments of `photos_pick` as an app or agent passes them. */
export interface PhotosPickInput {
  limit?: number;
}

/** What `photos_pick` answers (its structured content). */
export interface PhotosPickOutput {
  /**
   * Maximum items: 50.
   */
  photos: {
    id: string;
    name: string;
    mimeType: string;
    takenAt: string | null;
    size: number;
    fileId: string;
  }[];
}

/** What the native provider of `photos_pick` receives (the bridge's mapping). */
export interface PhotosPickNativeInput {
  limit: number;
}

/** What the native provider of `photos_pick` answers. */
export interface PhotosPickNativeOutput {
  /**
   * Maximum items: 50.
   */
  photos: {
    id: string;
    name: string;
    mimeType: string;
    takenAt: string | null;
    data: string;
  }[];
}
