/**
 * A person's answer to a consent sheet, as the console gives it to the call
 * path: `allowOnce` (Allow once: this call runs, nothing is stored), `allow`
 * (Always allow: `granted` is stored), `deny` (Don’t allow: `denied` is
 * stored), `dismiss` (no answer: nothing is stored, the call is refused).
 * The same union as `ConsentChoice` of `@xcap/call` (issue 32's contract),
 * declared here while that type is not on this branch.
 */
export type ConsoleConsentChoice = 'allowOnce' | 'allow' | 'deny' | 'dismiss';
