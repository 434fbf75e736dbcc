/** One problem `loadCatalog` found in a catalog document. */
export interface CatalogProblem {
  /** The JSON pointer of the offending value, printed (`/` for the document itself). */
  readonly pointer: string;
  /** The rule the value breaks, e.g. `does not match scopePattern`. */
  readonly rule: string;
  /** The name of the capability or tool the pointer is inside (`photos_pick`), when it has one. */
  readonly subject: string | null;
  /** The problem as one line: `<pointer> (<subject>): <rule>`, the subject after its `/tools/<i>` or `/capabilities/<i>` prefix. */
  readonly message: string;
}

const subjectPrefix = /^\/(?:tools|capabilities)\/(?:0|[1-9][0-9]*)(?=\/|$)/;

/** The one-line form of a problem: the subject's name right after the prefix that it names. */
export function catalogProblemMessage(pointer: string, rule: string, subject: string | null): string {
  const prefix = subject === null ? undefined : subjectPrefix.exec(pointer)?.[0];
  const at = prefix === undefined ? pointer : `${prefix} (${subject})${pointer.slice(prefix.length)}`;
  return `${at}: ${rule}`;
}

/**
 * The name a problem's subject goes by: the `name` of the capability or tool
 * at the start of `pointer` in `doc`, when it is a non-empty string (long or
 * unprintable names quoted and cut at 64 code points).
 */
export function problemSubject(doc: unknown, pointer: string): string | null {
  const prefix = subjectPrefix.exec(pointer)?.[0];
  if (prefix === undefined) return null;
  const [, section, index] = prefix.split('/') as [string, string, string];
  const list = isRecord(doc) && Object.hasOwn(doc, section) ? doc[section] : undefined;
  const entry = Array.isArray(list) ? (list[Number(index)] as unknown) : undefined;
  const name = isRecord(entry) && Object.hasOwn(entry, 'name') ? entry.name : undefined;
  if (typeof name !== 'string' || name.length === 0) return null;
  if (/^[\x21-\x7e]{1,64}$/.test(name)) return name;
  const points = [...name];
  return JSON.stringify(points.length > 64 ? `${points.slice(0, 64).join('')}…` : name);
}

function isRecord(value: unknown): value is { readonly [key: string]: unknown } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
