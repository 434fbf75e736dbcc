import { catalogProblemMessage, type CatalogProblem } from './catalog-problem.js';
import { printPointer } from './json-pointer.js';

/** A problem as `CatalogError` takes it: the pointer built from the empty root, the rule, the subject's name. */
export interface CatalogProblemInit {
  readonly pointer: string;
  readonly rule: string;
  readonly subject?: string | null;
}

/**
 * The error `loadCatalog` throws for a catalog document that breaks rules:
 * `problems` lists every problem found (`<pointer> (<tool or capability>): <rule>`,
 * one per line in the message); `pointer` and `rule` are the first one's.
 */
export class CatalogError extends Error {
  /** The JSON pointer of the first offending value (`/` for the document itself). */
  readonly pointer: string;
  /** The rule the first offending value breaks, e.g. `does not match scopePattern`. */
  readonly rule: string;
  /** Every problem found, in the order the loader checks the document (at least one). */
  readonly problems: readonly CatalogProblem[];

  /**
   * One problem (`pointer`, `rule`) or a non-empty list of them. Pointers are
   * built from the empty root (`''`); they are printed and kept with the root as `/`.
   */
  constructor(pointer: string, rule: string);
  constructor(problems: readonly CatalogProblemInit[]);
  constructor(pointerOrProblems: string | readonly CatalogProblemInit[], rule?: string) {
    const inits = typeof pointerOrProblems === 'string' ? [{ pointer: pointerOrProblems, rule: rule ?? 'is not valid' }] : pointerOrProblems;
    if (inits.length === 0) throw new TypeError('CatalogError needs at least one problem');
    const problems = inits.map((p): CatalogProblem => {
      const pointer = printPointer(p.pointer);
      const subject = p.subject ?? null;
      return Object.freeze({ pointer, rule: p.rule, subject, message: catalogProblemMessage(pointer, p.rule, subject) });
    });
    super(problems.map((p) => p.message).join('\n'));
    const first = problems[0]!;
    this.name = 'CatalogError';
    this.pointer = first.pointer;
    this.rule = first.rule;
    this.problems = Object.freeze(problems);
  }
}
