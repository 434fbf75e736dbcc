/**
 * What an app id may look like on this host: 1 to 128 of `A-Z a-z 0-9 . _ -`,
 * starting and ending with a letter or digit (`acme.album`). The id names the
 * app's folder in the data directory, so `.`, `..` and slashes can never be one.
 */
export const appIdPattern = /^[A-Za-z0-9](?:[A-Za-z0-9._-]{0,126}[A-Za-z0-9])?$/;

/** True when `value` is an app id this host accepts (`appIdPattern`). */
export function isAppId(value: unknown): value is string {
  return typeof value === 'string' && appIdPattern.test(value);
}
