import { encodeBase64 } from '@xcap/bridge';
import { encodePng, type Rgb } from './encode-png.js';

/** A photo in a fake library: what photos natives answer (`data` = the PNG's bytes in base64). */
export interface SamplePhoto {
  readonly id: string;
  readonly name: string;
  readonly mimeType: string;
  readonly takenAt: string | null;
  readonly data: string;
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  Math.round(a[0] + (b[0] - a[0]) * t),
  Math.round(a[1] + (b[1] - a[1]) * t),
  Math.round(a[2] + (b[2] - a[2]) * t),
];

function lake(x: number, y: number): Rgb {
  const horizon = 96;
  const hill = 72 + Math.round(12 * Math.sin(x / 23));
  if (y < hill) return mix([150, 200, 235], [250, 196, 170], y / hill);
  if (y < horizon) return mix([60, 100, 70], [40, 80, 55], (y - hill) / (horizon - hill));
  const ripple = (y - horizon) % 9 === 0 ? 18 : 0;
  const [r, g, b] = mix([60, 110, 160], [20, 50, 90], (y - horizon) / 64);
  return [Math.min(255, r + ripple), Math.min(255, g + ripple), Math.min(255, b + ripple)];
}

function forest(x: number, y: number): Rgb {
  if (y >= 136) return mix([90, 120, 50], [60, 80, 35], (y - 136) / 24);
  const column = x % 40;
  const height = 40 + ((Math.floor(x / 40) * 37) % 50);
  const half = (y - height + 96) * 0.3;
  if (y > height - 96 && Math.abs(column - 20) < half) return mix([30, 90, 40], [60, 140, 70], column / 40);
  if (y > 120 && Math.abs(column - 20) < 3) return [90, 60, 30];
  return mix([200, 230, 250], [235, 240, 220], y / 136);
}

function sunset(x: number, y: number): Rgb {
  const dx = x - 120;
  const dy = y - 100;
  if (dx * dx + dy * dy < 900) return [255, 220, 120];
  if (y > 120) return mix([80, 40, 90], [30, 20, 50], (y - 120) / 40);
  return mix([255, 140, 60], [120, 60, 140], y / 120);
}

let photos: readonly SamplePhoto[] | undefined;

/**
 * Three small real photos (240 × 160 RGB PNGs drawn in code: a lake at
 * dawn, a forest, a sunset), the library the sample natives and the demo
 * pick from. Built once, on first use.
 */
export function samplePhotos(): readonly SamplePhoto[] {
  photos ??= Object.freeze(
    [
      { id: 'ph-1', name: 'Lake at dawn.png', takenAt: '2026-07-14T05:40:00Z', draw: lake },
      { id: 'ph-2', name: 'Forest walk.png', takenAt: '2026-07-15T11:05:00Z', draw: forest },
      { id: 'ph-3', name: 'Sunset.png', takenAt: null, draw: sunset },
    ].map(({ id, name, takenAt, draw }) => Object.freeze({ id, name, mimeType: 'image/png', takenAt, data: encodeBase64(encodePng(240, 160, draw)) })),
  );
  return photos;
}
