import { el } from './el.js';

/** A card's "time left" line, kept up to date by `tickTimeLeft`; nothing when the request waits without a deadline. */
export function timeLeft(expiresAt: string | null): HTMLElement | null {
  const until = new Date(expiresAt ?? Number.NaN).getTime();
  if (Number.isNaN(until)) return null;
  const line = el('p', { className: 'meta time-left' });
  line.dataset['until'] = String(until);
  showTimeLeft(line, Date.now());
  return line;
}

/** `ms` as a person reads a countdown: `1 min 53 s left`, `42 s left`, `Time is up`. */
export function timeLeftWords(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  if (seconds <= 0) return 'Time is up.';
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  if (minutes === 0) return `${rest} s left`;
  return rest === 0 ? `${minutes} min left` : `${minutes} min ${rest} s left`;
}

/** Redraws every "time left" line in `root` for `now`; answers the cards whose time is up. */
export function tickTimeLeft(root: ParentNode, now: number): HTMLElement[] {
  const due: HTMLElement[] = [];
  for (const line of Array.from(root.querySelectorAll<HTMLElement>('.time-left'))) {
    showTimeLeft(line, now);
    const card = line.closest<HTMLElement>('.card');
    if (card !== null && Number(line.dataset['until']) <= now) due.push(card);
  }
  return due;
}

function showTimeLeft(line: HTMLElement, now: number): void {
  const text = timeLeftWords(Number(line.dataset['until']) - now);
  if (line.textContent !== text) line.textContent = text;
}
