/**
 * `@xcap/catalog`: the capability catalog as data and types, `loadCatalog`
 * to validate any catalog document, the schema engine every validator
 * shares, and the code generated from `fixtures/capabilities.json`
 * (`catalog`, name types, tool types, `validators`, `createToolClient`,
 * `HostProviders`).
 * @packageDocumentation
 * @module @xcap/catalog
 */
export * from './core.js';
export * from './generated/index.js';
