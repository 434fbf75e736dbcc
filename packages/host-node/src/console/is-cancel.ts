/** Whether a picker answer is `{ "cancel": true }`. */
export function isCancel(answer: unknown): boolean {
  return typeof answer === 'object' && answer !== null && (answer as { cancel?: unknown }).cancel === true;
}
