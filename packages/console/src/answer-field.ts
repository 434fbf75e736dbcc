/** The value at `answer[field]` when a console answer is an object; `undefined` for anything else. */
export function answerField(answer: unknown, field: string): unknown {
  return typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>)[field] : undefined;
}
