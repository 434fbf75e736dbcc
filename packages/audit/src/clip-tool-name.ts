/** The longest tool name, in code points, a call may use (clarification 21); a longer name is unknown. */
export const maxToolNameLength = 128;

/**
 * What the audit row and the unknown-tool message carry for a called name
 * (clarification 21): `shown` (default: the name itself) as it is when
 * `called` has at most `maxToolNameLength` code points; otherwise the first
 * 128 code points of `shown` followed by `…`. Linear in 128, whatever the
 * name's length, so a 100 MB name costs nothing.
 */
export function clipToolName(called: string, shown: string = called): string {
  if (!isOverlongToolName(called)) return shown;
  return `${shown.slice(0, codePointsEnd(shown, maxToolNameLength))}…`;
}

/** True when `name` has more than `maxToolNameLength` code points. */
export function isOverlongToolName(name: string): boolean {
  if (name.length <= maxToolNameLength) return false;
  return codePointsEnd(name, maxToolNameLength) < name.length;
}

/** The UTF-16 index after the first `count` code points of `text` (or its length). */
function codePointsEnd(text: string, count: number): number {
  let end = 0;
  for (let seen = 0; seen < count && end < text.length; seen++) {
    const unit = text.charCodeAt(end);
    const next = text.charCodeAt(end + 1);
    end += unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff ? 2 : 1;
  }
  return end;
}
