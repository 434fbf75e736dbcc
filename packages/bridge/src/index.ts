/**
 * `@xcap/bridge`: what runs between the broker's `call` verdict and the
 * native — validate the arguments, map them to the native's, check the
 * native's answer, store returned bytes as app files — plus the blob store
 * contract, MIME rules and MCP result shapes hosts share.
 * @packageDocumentation
 */
export { validateArguments } from './validate-arguments.js';
export { bridgeCall } from './bridge-call.js';
export type { BridgeCallInput, BridgeCallEnd } from './bridge-call.js';
export type { NativeProvider } from './call-native.js';
export type { AgentLabel, NativeContext } from '@xcap/catalog';
export { defaultTimeoutMs } from './call-native.js';
export { bridgeReasons } from './bridge-reasons.js';
export type { BlobStore, StoredBlob } from './blob-store.js';
export { MemoryBlobStore } from './memory-blob-store.js';
export { QuotaExceededError } from './quota-exceeded-error.js';
export type { BlobListing } from './memory-blob-store.js';
export { mimeTypeFor } from './mime-type-for.js';
export type { MimeTypeQuery } from './mime-type-for.js';
export { sniffMimeType } from './sniff-mime-type.js';
export { callSuccess } from './call-success.js';
export { callFailure } from './call-failure.js';
export { encodeBase64, decodeBase64 } from './base64.js';
