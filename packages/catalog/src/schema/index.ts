/**
 * The schema engine: the spec's validator subset, checked in the spec's
 * order, answering the first violation as `<pointer> <keyword>`. The
 * interpreter (`checkValue`) and the generated validators share the format
 * rules and helpers exported here.
 * @packageDocumentation
 */
export type { SchemaViolation } from './schema-violation.js';
export { formatViolation } from './schema-violation.js';
export { checkValue } from './check-value.js';
export { applyDefaults } from './apply-defaults.js';
export { schemaKeywords, schemaFormats, schemaTypes } from './schema-keywords.js';
export { isDateTime } from './is-date-time.js';
export { isToken } from './is-token.js';
export { isUri, maxUriLength } from './is-uri.js';
export { isBase64 } from './is-base64.js';
export { codePointLength } from './code-point-length.js';
export { jsonEqual } from './json-equal.js';
export { pointerToken } from './pointer-token.js';
export type { RelativeViolation } from './relative-violation.js';
export { rootViolation } from './relative-violation.js';
