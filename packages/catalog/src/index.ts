/**
 * `@xcap/catalog`: the capability catalog as data and types, `loadCatalog`
 * to validate any catalog document, the schema engine every validator shares,
 * and the code generated from `fixtures/capabilities.json`.
 * @packageDocumentation
 */
export * from './catalog-types.js';
export * from './call-types.js';
