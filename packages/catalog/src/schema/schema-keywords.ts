/**
 * Every keyword a catalog schema may use: the validator subset of the spec
 * plus the annotations `default` and `description`, which carry no rule.
 * `loadCatalog` refuses any other keyword, so a catalog can never ask for a
 * rule the validators would silently skip.
 */
export const schemaKeywords: readonly string[] = Object.freeze([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'items',
  'enum',
  'format',
  'dependentRequired',
  'anyOf',
  'oneOf',
  'default',
  'description',
]);

/** The formats the `format` keyword may name (clarification 10). */
export const schemaFormats: readonly string[] = Object.freeze(['date-time', 'token', 'uri', 'base64']);

/** The JSON types the `type` keyword may name. */
export const schemaTypes: readonly string[] = Object.freeze(['null', 'boolean', 'integer', 'number', 'string', 'array', 'object']);
