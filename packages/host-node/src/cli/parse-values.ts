import { InvalidArgumentError } from 'commander';

/** `--limit`: a whole number from 1 to 1,000,000. */
export function parseLimit(value: string): number {
  if (!/^[0-9]+$/.test(value)) throw new InvalidArgumentError('not a whole number from 1 to 1000000');
  const n = Number(value);
  if (n < 1 || n > 1_000_000) throw new InvalidArgumentError('not a whole number from 1 to 1000000');
  return n;
}

/** `--since`: an ISO 8601 / RFC 3339 date or time (`2026-07-14`, `2026-07-14T05:40:00Z`, `…+02:00`; no zone = UTC), answered as ISO in UTC. */
export function parseSince(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?([Zz]|[+-]\d{2}:\d{2})?)?$/.exec(value);
  if (match === null) throw new InvalidArgumentError('not an ISO 8601 time (e.g. 2026-07-14 or 2026-07-14T05:40:00Z)');
  const [, y, mo, d, h = '0', mi = '0', s = '0', zone] = match;
  const [year, month, day, hour, minute, second] = [y, mo, d, h, mi, s].map(Number) as [number, number, number, number, number, number];
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth || hour > 23 || minute > 59 || second > 59)
    throw new InvalidArgumentError('not a real date and time');
  const time = Date.parse(zone === undefined ? `${value.replace(/[t ]/, 'T')}${match[4] === undefined ? 'T00:00:00' : ''}Z` : value.toUpperCase());
  if (Number.isNaN(time)) throw new InvalidArgumentError('not a real date and time');
  return new Date(time).toISOString();
}

/** `--consent-timeout`: a whole number of seconds from 1 to 3,600, answered in milliseconds. */
export function parseConsentTimeout(value: string): number {
  if (!/^[0-9]+$/.test(value) || Number(value) < 1 || Number(value) > 3_600) throw new InvalidArgumentError('not a whole number of seconds from 1 to 3600');
  return Number(value) * 1_000;
}

/** `--quota`: a whole number of bytes from 0 to 2^53 − 1. */
export function parseQuota(value: string): number {
  if (!/^[0-9]+$/.test(value) || !Number.isSafeInteger(Number(value))) throw new InvalidArgumentError('not a whole number of bytes');
  return Number(value);
}
