/** Days per month of a common year, January first. */
const monthDays = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The two-digit number at `i`, or -1 when either character is not an ASCII digit. */
function twoDigits(s: string, i: number): number {
  const a = s.charCodeAt(i) - 0x30;
  const b = s.charCodeAt(i + 1) - 0x30;
  if (a < 0 || a > 9 || b < 0 || b > 9) return -1;
  return a * 10 + b;
}

/**
 * The `date-time` format (clarification 10): RFC 3339 §5.6
 * `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±hh:mm)` with a real calendar date
 * (Gregorian leap years), hour 00–23, minute 00–59, second 00–60, offset
 * hour 00–23 and minute 00–59; `T` and `Z` may be lowercase.
 */
export function isDateTime(s: string): boolean {
  const n = s.length;
  if (n < 20) return false;
  const y1 = twoDigits(s, 0);
  const y2 = twoDigits(s, 2);
  if (y1 < 0 || y2 < 0) return false;
  if (s.charCodeAt(4) !== 0x2d || s.charCodeAt(7) !== 0x2d) return false;
  const month = twoDigits(s, 5);
  const day = twoDigits(s, 8);
  if (month < 1 || month > 12 || day < 1) return false;
  const year = y1 * 100 + y2;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const maxDay = month === 2 && leap ? 29 : (monthDays[month - 1] ?? 0);
  if (day > maxDay) return false;
  const t = s.charCodeAt(10);
  if (t !== 0x54 && t !== 0x74) return false;
  const hour = twoDigits(s, 11);
  const minute = twoDigits(s, 14);
  const second = twoDigits(s, 17);
  if (s.charCodeAt(13) !== 0x3a || s.charCodeAt(16) !== 0x3a) return false;
  if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 60) return false;
  let i = 19;
  if (s.charCodeAt(i) === 0x2e) {
    i++;
    const start = i;
    while (i < n) {
      const c = s.charCodeAt(i);
      if (c < 0x30 || c > 0x39) break;
      i++;
    }
    if (i === start) return false;
  }
  const z = s.charCodeAt(i);
  if (z === 0x5a || z === 0x7a) return i + 1 === n;
  if (z !== 0x2b && z !== 0x2d) return false;
  if (i + 6 !== n || s.charCodeAt(i + 3) !== 0x3a) return false;
  const oh = twoDigits(s, i + 1);
  const om = twoDigits(s, i + 4);
  return oh >= 0 && oh <= 23 && om >= 0 && om <= 59;
}
