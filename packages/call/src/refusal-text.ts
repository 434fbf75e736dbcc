import type { Verdict } from '@xcap/catalog';

/**
 * The text of a refused call's result (`isError: true`): `denied: <reason>`
 * for a `denied` verdict (e.g. `denied: consentNeeded`), `unavailable` for a
 * capability this host does not provide, `unknownTool` for an unknown tool
 * called from app UI. One word or two: the app or agent can branch on it and
 * tell the person.
 */
export function refusalText(verdict: Verdict): string {
  switch (verdict.verdict) {
    case 'denied':
      return `denied: ${verdict.reason ?? 'denied'}`;
    case 'unavailable':
      return 'unavailable';
    case 'unknown':
      return 'unknownTool';
    default:
      throw new TypeError(`refusalText: a "${verdict.verdict}" verdict is no refusal`);
  }
}
