process.env.TZ = 'Europe/Berlin';

import { describe, expect, it } from 'vitest';
import { checkValue, type Schema } from '@xcap/catalog';
import { exifTakenAt } from '../../src/providers/exif-taken-at.js';
import { decodePhotoCursor, encodePhotoCursor } from '../../src/providers/photo-cursor.js';
import { comparePhotoOrder, photoOrderKey } from '../../src/providers/photo-order.js';

describe('exifTakenAt', () => {
  it('keeps the wall time at the EXIF offset, and the instant it names', () => {
    expect(exifTakenAt('2026:11:01 10:00:00', '+02:00')).toEqual({ takenAt: '2026-11-01T10:00:00+02:00', time: Date.parse('2026-11-01T08:00:00Z') });
    expect(exifTakenAt('2026:11:01 10:00:00', '-09:30')).toEqual({ takenAt: '2026-11-01T10:00:00-09:30', time: Date.parse('2026-11-01T19:30:00Z') });
    expect(exifTakenAt('2026:11:01 10:00:00', '+00:00')).toEqual({ takenAt: '2026-11-01T10:00:00Z', time: Date.parse('2026-11-01T10:00:00Z') });
  });

  it("reads a date without an offset in the host's time zone (here Europe/Berlin, summer and winter)", () => {
    expect(exifTakenAt('2026:07:01 12:00:00')).toEqual({ takenAt: '2026-07-01T12:00:00+02:00', time: Date.parse('2026-07-01T10:00:00Z') });
    expect(exifTakenAt('2026:01:01 12:00:00', 'garbage')).toEqual({ takenAt: '2026-01-01T12:00:00+01:00', time: Date.parse('2026-01-01T11:00:00Z') });
    expect(exifTakenAt('2026:01:01 12:00:00', '+24:00')?.takenAt).toBe('2026-01-01T12:00:00+01:00');
  });

  it('accepts real calendar dates only, and never answers a takenAt the schema would refuse', () => {
    expect(exifTakenAt('2024:02:29 00:00:00', 'Z')?.takenAt).toBe('2024-02-29T00:00:00+01:00');
    for (const bad of [
      '2025:02:29 00:00:00',
      '2026:13:01 00:00:00',
      '2026:04:31 00:00:00',
      '2026:01:01 24:00:00',
      '2026:01:01 23:60:00',
      '0000:00:00 00:00:00',
      '2026-01-01 10:00:00x',
      '',
      'now',
      20260101,
      null,
      undefined,
    ]) {
      expect(exifTakenAt(bad, '+01:00')).toBeNull();
    }
    const schema: Schema = { type: ['string', 'null'], format: 'date-time' };
    for (const raw of ['0001:01:01 00:00:00', '0045:06:15 10:00:00', '9999:12:31 23:59:59', '2026:03:29 02:30:00']) {
      const taken = exifTakenAt(raw);
      expect(taken).not.toBeNull();
      expect(checkValue(schema, taken!.takenAt)).toBeNull();
      expect(Date.parse(taken!.takenAt)).toBe(taken!.time);
    }
    expect(exifTakenAt('2026:01:01 10:00:00\0')?.takenAt).toBe('2026-01-01T10:00:00+01:00');
  });
});

describe('photo cursors', () => {
  it('decodes what it encodes, and orders newer first, then by name', () => {
    for (const [name, time] of [
      ['a.jpg', 0],
      ['é'.repeat(200), -86_400_000],
      ['x', 8.64e15],
    ] as const) {
      const key = photoOrderKey(name, time);
      const cursor = encodePhotoCursor(key);
      expect(cursor.length).toBeLessThanOrEqual(200);
      expect(decodePhotoCursor(cursor)).toEqual(key);
    }
    expect(comparePhotoOrder(photoOrderKey('b', 2), photoOrderKey('a', 1))).toBeLessThan(0);
    expect(comparePhotoOrder(photoOrderKey('a', 1), photoOrderKey('b', 1))).toBeLessThan(0);
    expect(comparePhotoOrder(photoOrderKey('a', 1), photoOrderKey('a', 1))).toBe(0);
  });
});
