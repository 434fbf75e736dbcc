import { answerField } from './answer-field.js';
/** Whether a picker answer is `{ "cancel": true }`. */
export function isCancel(answer: unknown): boolean {
  return answerField(answer, 'cancel') === true;
}
