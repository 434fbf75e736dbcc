import type { ManifestEntry } from '@xcap/catalog';

/**
 * An app's manifest as `xcap serve` reads it: the package id, its screens and
 * its capability entries (package format 5), e.g.
 * `{"id": "acme.album", "screens": ["albums"], "capabilities": [{"id": "photos.read", "why": "…"}]}`.
 */
export interface AppManifest {
  /** The package id: the audit rows' `appId` and the key of its grants and files. */
  readonly id: string;
  /** The package's screens (a notification's tap may open only one of these). */
  readonly screens: readonly string[];
  /** The capability entries, checked with `validateManifest`. */
  readonly capabilities: readonly ManifestEntry[];
}
