/**
 * The loader's problem list: every check records what it finds here and the
 * loader goes on, so one run reports every problem of a catalog. A problem
 * at or under a pointer that already has one is left out (it would only
 * repeat the first: a missing key is also "not a string").
 */
import { CatalogError } from '../catalog-error.js';
import { problemSubject } from '../catalog-problem.js';

/** What `fail` throws: one problem, caught by the nearest `Problems.check`. */
export class LoadFailure {
  /** The pointer (built from the empty root) and the rule. */
  constructor(
    readonly pointer: string,
    readonly rule: string,
  ) {}
}

/** The problems of one `loadCatalog` run. */
export class Problems {
  readonly #found: { pointer: string; rule: string }[] = [];
  readonly #covered = new Set<string>();

  /** How many problems were recorded. */
  get size(): number {
    return this.#found.length;
  }

  /** Records a problem, unless its pointer is at or under one already covered. */
  add(pointer: string, rule: string): void {
    if (this.#isCovered(pointer)) return;
    this.#found.push({ pointer, rule });
    this.#covered.add(pointer);
  }

  /** Marks `pointer` as explained by another problem (a misspelt key's "did you mean"): nothing at or under it is reported. */
  cover(pointer: string): void {
    this.#covered.add(pointer);
  }

  /** Runs one check; a `fail` inside it is recorded and the check answers `undefined`. */
  check<T>(run: () => T): T | undefined {
    try {
      return run();
    } catch (error) {
      if (!(error instanceof LoadFailure)) throw error;
      this.add(error.pointer, error.rule);
      return undefined;
    }
  }

  /** The `CatalogError` of every recorded problem, each named by its capability or tool in `doc`. */
  error(doc: unknown): CatalogError {
    return new CatalogError(this.#found.map((p) => ({ ...p, subject: problemSubject(doc, p.pointer) })));
  }

  /** Whether the pointer or one of its ancestors is covered: one set look-up per level, not per problem. */
  #isCovered(pointer: string): boolean {
    if (this.#covered.has('')) return true;
    for (let end = pointer.indexOf('/', 1); end !== -1; end = pointer.indexOf('/', end + 1)) {
      if (this.#covered.has(pointer.slice(0, end))) return true;
    }
    return this.#covered.has(pointer);
  }
}
