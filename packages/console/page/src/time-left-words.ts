/** `ms` as a person reads a countdown: `1 min 53 s left`, `42 s left`, `Time is up`. */
export function timeLeftWords(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  if (seconds <= 0) return 'Time is up.';
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  if (minutes === 0) return `${rest} s left`;
  return rest === 0 ? `${minutes} min left` : `${minutes} min ${rest} s left`;
}
