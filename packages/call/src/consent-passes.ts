/** How many `allowOnce` passes the call path keeps at most; adding one more drops the oldest. */
export const maxConsentPasses = 1000;

/** One pass: the scope and agent it lets through once, until when (ms since the epoch, `Date.now()`). */
interface ConsentPass {
  readonly scope: string;
  readonly client: string | null;
  readonly expiresAt: number;
}

/**
 * The passes that an `Allow once` given after its sheet detached leaves:
 * each lets exactly one later call of its scope by the same agent
 * (`client`; `null` for the app's UI) through without a sheet, before the
 * sheet's deadline. Bounded (`maxConsentPasses`, oldest dropped); expired
 * passes are swept on every add and take.
 */
export class ConsentPasses {
  #passes: ConsentPass[] = [];

  /** How many unexpired passes are kept now. */
  get size(): number {
    this.#sweep();
    return this.#passes.length;
  }

  /** Leaves one pass for `scope` and `client`, valid while `Date.now()` is before `expiresAt`. */
  add(scope: string, client: string | null, expiresAt: number): void {
    this.#sweep();
    if (!(Date.now() < expiresAt)) return;
    this.#passes.push({ scope, client, expiresAt });
    if (this.#passes.length > maxConsentPasses) this.#passes.splice(0, this.#passes.length - maxConsentPasses);
  }

  /** Uses up the oldest unexpired pass of `scope` and `client`: `true` when there was one. */
  take(scope: string, client: string | null): boolean {
    this.#sweep();
    const at = this.#passes.findIndex((pass) => pass.scope === scope && pass.client === client);
    if (at < 0) return false;
    this.#passes.splice(at, 1);
    return true;
  }

  /** Drops every pass of `scope` (a stored answer for it is the person's newer word). */
  clear(scope: string): void {
    this.#passes = this.#passes.filter((pass) => pass.scope !== scope);
  }

  #sweep(): void {
    const now = Date.now();
    if (this.#passes.some((pass) => !(now < pass.expiresAt))) this.#passes = this.#passes.filter((pass) => now < pass.expiresAt);
  }
}
