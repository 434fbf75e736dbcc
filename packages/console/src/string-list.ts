import { answerField } from './answer-field.js';
/**
 * The list of distinct strings at `answer[field]`, at most `max` of them, or
 * a string saying what is wrong (not an object, not a list of strings, a
 * repeat, too many).
 */
export function stringList(answer: unknown, field: string, max: number): string[] | string {
  const list = answerField(answer, field);
  if (!Array.isArray(list) || !list.every((item) => typeof item === 'string')) return `${field} must be a list of strings`;
  if (new Set(list).size !== list.length) return `${field} names one more than once`;
  if (list.length > max) return `${field} has ${list.length}, at most ${max} may be chosen`;
  return list;
}
