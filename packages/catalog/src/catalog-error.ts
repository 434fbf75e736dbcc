import { printPointer } from './json-pointer.js';

/**
 * The error `loadCatalog` throws for a catalog document that breaks a rule:
 * it names the JSON pointer of the first problem and the rule it breaks.
 */
export class CatalogError extends Error {
  /** The JSON pointer of the offending value (`/` for the document itself). */
  readonly pointer: string;
  /** The rule the value breaks, e.g. `does not match scopePattern`. */
  readonly rule: string;

  /** `pointer` is built from the empty root (`''`); it is printed and kept with the root as `/`. */
  constructor(pointer: string, rule: string) {
    const printed = printPointer(pointer);
    super(`${printed}: ${rule}`);
    this.name = 'CatalogError';
    this.pointer = printed;
    this.rule = rule;
  }
}
