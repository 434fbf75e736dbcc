/** When a photo was taken: the RFC 3339 text the schema's `takenAt` carries and the instant in ms since the epoch. */
export interface TakenAt {
  /** RFC 3339 with the zone (`2026-11-01T10:00:00+02:00`). */
  readonly takenAt: string;
  /** The same instant in ms since the epoch. */
  readonly time: number;
}

const exifDate = /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/;
const exifOffset = /^([+-])(\d{2}):(\d{2})$/;

/**
 * The `takenAt` of an EXIF `DateTimeOriginal` (`YYYY:MM:DD HH:MM:SS`): with
 * a valid `OffsetTimeOriginal` (`+02:00`) the wall time at that offset,
 * without one the wall time in this host's time zone (EXIF keeps the
 * camera's local time; photo apps read it the same way; a historical zone
 * offset with seconds is rounded to the minute). `null` for
 * anything that is not a real date and time of the years 1–9999 (cameras
 * write `0000:00:00 00:00:00` for "unknown"), so the caller falls back to
 * the file's modification time.
 */
export function exifTakenAt(dateTimeOriginal: unknown, offsetTimeOriginal?: unknown): TakenAt | null {
  if (typeof dateTimeOriginal !== 'string') return null;
  const match = exifDate.exec(dateTimeOriginal.replace(/\0+$/, '').trim());
  if (match === null) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [number, number, number, number, number, number];
  if (year < 1 || month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return null;
  const utc = new Date(0);
  utc.setUTCFullYear(year, month - 1, day);
  utc.setUTCHours(hour, minute, second, 0);
  if (utc.getUTCFullYear() !== year || utc.getUTCMonth() !== month - 1 || utc.getUTCDate() !== day) return null;
  const offset = typeof offsetTimeOriginal === 'string' ? exifOffset.exec(offsetTimeOriginal.replace(/\0+$/, '').trim()) : null;
  if (offset !== null) {
    const [sign, hh, mm] = [offset[1], Number(offset[2]), Number(offset[3])];
    if (hh <= 23 && mm <= 59) {
      const minutes = (sign === '-' ? -1 : 1) * (hh * 60 + mm);
      return { takenAt: formatWallTime(year, month, day, hour, minute, second, minutes), time: utc.getTime() - minutes * 60_000 };
    }
  }
  const local = new Date(0);
  local.setFullYear(year, month - 1, day);
  local.setHours(hour, minute, second, 0);
  const minutes = Math.round(-local.getTimezoneOffset());
  const wall = [local.getFullYear(), local.getMonth() + 1, local.getDate(), local.getHours(), local.getMinutes(), local.getSeconds()] as const;
  const wallUtc = new Date(0);
  wallUtc.setUTCFullYear(wall[0], wall[1] - 1, wall[2]);
  wallUtc.setUTCHours(wall[3], wall[4], wall[5], 0);
  return { takenAt: formatWallTime(...wall, minutes), time: wallUtc.getTime() - minutes * 60_000 };
}

function formatWallTime(year: number, month: number, day: number, hour: number, minute: number, second: number, offsetMinutes: number): string {
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const zone =
    offsetMinutes === 0 ? 'Z' : `${offsetMinutes < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(offsetMinutes) / 60))}:${pad(Math.abs(offsetMinutes) % 60)}`;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}:${pad(second)}${zone}`;
}
