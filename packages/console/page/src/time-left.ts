import { el } from './el.js';
import { timeLeftWords } from './time-left-words.js';

/** A card's "time left" line, kept up to date by `tickTimeLeft`; nothing when the request waits without a deadline. */
export function timeLeft(expiresAt: string | null): HTMLElement | null {
  const until = new Date(expiresAt ?? Number.NaN).getTime();
  if (Number.isNaN(until)) return null;
  const line = el('p', { className: 'meta time-left' });
  line.dataset['until'] = String(until);
  showTimeLeft(line, Date.now());
  return line;
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
