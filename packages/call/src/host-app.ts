/** The app a call path serves: its id, its declared screens and its capability manifest (package format 5). */
export interface HostApp {
  /** The package id, e.g. `acme.album`; the audit rows' `appId` and the blob store's app key. */
  readonly id: string;
  /** The package's screens (a notification's tap may open only one of these). */
  readonly screens: readonly string[];
  /** The package's `capabilities` entries, checked with `validateManifest` when the call path is created. */
  readonly manifest: unknown;
}
