/** A case object of a catalog document, checked just enough to read its fields. */
export type CaseRecord = Readonly<Record<string, unknown>>;

/** The error for a case the replayer cannot even read (reported as that case's failure). */
export class MalformedCaseError extends Error {
  constructor(message: string) {
    super(`malformed case: ${message}`);
    this.name = 'MalformedCaseError';
  }
}

/** Whether a case array's entry is an object (not null, not an array). */
export function isCaseRecord(value: unknown): value is CaseRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The case as an object, or a `MalformedCaseError`. */
export function caseRecord(value: unknown): CaseRecord {
  if (!isCaseRecord(value)) throw new MalformedCaseError('not an object');
  return value;
}

/** A field the case must have. */
export function required(c: CaseRecord, key: string): unknown {
  if (!Object.hasOwn(c, key)) throw new MalformedCaseError(`no "${key}"`);
  return c[key];
}

/** A string field the case must have. */
export function requiredString(c: CaseRecord, key: string): string {
  const value = required(c, key);
  if (typeof value !== 'string') throw new MalformedCaseError(`"${key}" is not a string`);
  return value;
}

/** A case's own blobs (fileId → base64), `{}` when absent. */
export function caseBlobs(c: CaseRecord): Record<string, string> {
  const blobs = c['blobs'];
  if (blobs === undefined) return {};
  if (typeof blobs !== 'object' || blobs === null || Array.isArray(blobs)) throw new MalformedCaseError('"blobs" is not an object');
  for (const [fileId, base64] of Object.entries(blobs)) {
    if (typeof base64 !== 'string') throw new MalformedCaseError(`blob "${fileId}" is not base64 text`);
  }
  return blobs as Record<string, string>;
}

/** The label a failure line shows: the case's `name`, or `fallback` made of its inputs. */
export function caseName(c: CaseRecord, fallback: () => string): string {
  const name = c['name'];
  if (typeof name === 'string') return name;
  try {
    const label = fallback();
    return label.length > 100 ? `${label.slice(0, 99)}…` : label;
  } catch {
    return '(unnamed)';
  }
}
