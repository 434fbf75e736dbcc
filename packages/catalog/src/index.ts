/**
 * `@xcap/catalog`: the capability catalog as data and types, `loadCatalog`
 * to validate any catalog document, the schema engine every validator
 * shares, and the code generated from `fixtures/capabilities.json`
 * (`catalog`, name types, tool types, `validators`, `createToolClient`,
 * `HostProviders`).
 * @packageDocumentation
 */
export * from './core.js';
// (generated exports are added once the first generation lands)
