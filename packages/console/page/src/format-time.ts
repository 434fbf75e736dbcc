/** An ISO time as the person's local date and time, `—` when absent, the text itself when it is not a time. */
export function formatTime(iso: string | null | undefined): string {
  if (iso === null || iso === undefined || iso === '') return '—';
  const time = new Date(iso);
  return Number.isNaN(time.getTime()) ? iso : time.toLocaleString();
}
