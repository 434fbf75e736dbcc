/**
 * `@xcap/broker`: tool-name parsing, the one decision for UI and agent
 * calls, agent tool lists, manifest validation, consent sheets and answers.
 * @packageDocumentation
 */
export { parseToolName, maxToolNameLength } from './parse-tool-name.js';
export { qualifiedToolName } from '@xcap/catalog';
export { brokerDecide, type BrokerInput } from './broker-decide.js';
export { agentToolList, type AgentTool } from './agent-tool-list.js';
export { findScope } from './find-scope.js';
export { validateManifest, maxWhyLength, type ManifestValidation } from './validate-manifest.js';
export { normaliseManifestOrigin, callUrlOrigin, maxUrlLength } from './origins.js';
export type { GrantStore } from './grant-store.js';
export { MemoryGrantStore } from './memory-grant-store.js';
export type { ConsentNonceStore } from './consent-nonce-store.js';
export { MemoryConsentNonceStore, type MemoryConsentNonceStoreOptions } from './memory-consent-nonce-store.js';
export { consentNonceRule } from './consent-nonce-rule.js';
export { checkConsentClaim } from './check-consent-claim.js';
export { consentAnswer, type ConsentReply } from './consent-answer.js';
export { revokeGrant } from './revoke-grant.js';
export { consentSheet, type ConsentSheet } from './consent-sheet.js';
export { readableList } from './readable-list.js';
