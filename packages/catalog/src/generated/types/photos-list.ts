// generated from fixtures/capabilities.json by tools/codegen — do not edit
/** The arguments of `photos_list` as an app or agent passes them. */
export interface PhotosListInput {
  limit?: number;
  cursor?: string;
}

/** What `photos_list` answers (its structured content). */
export interface PhotosListOutput {
  /**
   * Maximum items: 100.
   */
  photos: {
    id: string;
    name: string;
    mimeType: string;
    takenAt: string | null;
  }[];
  cursor: string | null;
}

/** What the native provider of `photos_list` receives (the bridge's mapping). */
export interface PhotosListNativeInput {
  limit: number;
  cursor?: string;
}

/** What the native provider of `photos_list` answers. */
export interface PhotosListNativeOutput {
  /**
   * Maximum items: 100.
   */
  photos: {
    id: string;
    name: string;
    mimeType: string;
    takenAt: string | null;
  }[];
  cursor: string | null;
}
