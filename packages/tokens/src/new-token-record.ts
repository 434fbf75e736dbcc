import { checkTokenName } from './check-token-name.js';
import { encodeBase64url } from './encode-base64url.js';
import { mintToken } from './mint-token.js';
import { tokenDigest } from './token-digest.js';

/** A token about to be stored: the token (shown once) and the digest a store keeps instead of it. */
export interface TokenRecord {
  /** The token itself, answered by `add` and never stored. */
  readonly token: string;
  /** Its SHA-256 digest (`tokenDigest`). */
  readonly digest: Uint8Array;
  /** The digest as base64url (`encodeBase64url`), the text form stores write. */
  readonly sha256: string;
}

/**
 * What every store's `add` does before it stores anything: checks `name`
 * (`checkTokenName`: a `TypeError` outside `tokenNamePattern`), takes
 * `token` or mints a new one (`mintToken`) and digests it.
 */
export async function newTokenRecord(name: string, token: string = mintToken()): Promise<TokenRecord> {
  checkTokenName(name);
  const digest = await tokenDigest(token);
  return { token, digest, sha256: encodeBase64url(digest) };
}
