// generated from fixtures/capabilities.json by tools/codegen — do not edit
/** The arguments of `photos_get` as an app or agent passes them. */
export interface PhotosGetInput {
  id: string;
}

/** What `photos_get` answers (its structured content). */
export interface PhotosGetOutput {
  photo: {
    id: string;
    name: string;
    mimeType: string;
    takenAt: string | null;
    size: number;
    fileId: string;
  };
}

/** What the native provider of `photos_get` receives (the bridge's mapping). */
export interface PhotosGetNativeInput {
  id: string;
}

/** What the native provider of `photos_get` answers. */
export interface PhotosGetNativeOutput {
  photo: {
    id: string;
    name: string;
    mimeType: string;
    takenAt: string | null;
    data: string;
  };
}
