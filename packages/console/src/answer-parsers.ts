import { answerField } from './answer-field.js';
import { consoleLimits, type ConsolePendingKind } from './console-contract.js';
import { isCancel } from './is-cancel.js';
import { stringList } from './string-list.js';

/** Why an answer does not fit its request. */
export interface RefusedAnswer {
  /** What is wrong, for a person. */
  readonly refused: string;
}

/** The value an answer of each kind reads as: the reply, the photo ids, the file names, the name or printer (`null` = Cancel). */
export interface AnswerValues {
  /** `allowOnce`, `allow` (Always allow) or `deny` (Don’t allow). */
  readonly consent: 'allowOnce' | 'allow' | 'deny';
  /** The photo ids chosen (`[]` = Cancel). */
  readonly photos: readonly string[];
  /** The file names chosen (`[]` = Cancel). */
  readonly open: readonly string[];
  /** The name to save under, or `null` (Cancel). */
  readonly save: string | null;
  /** The printer chosen, or `null` (Cancel). */
  readonly print: string | null;
}

/** Reads `answer` against the request's own `fields` (its `Pending` fields): the value, or why it does not fit. */
export type AnswerParser<K extends ConsolePendingKind> = (fields: Readonly<Record<string, unknown>>, answer: unknown) => AnswerValues[K] | RefusedAnswer;

const consentReplies: readonly string[] = ['allowOnce', 'allow', 'deny'];

/**
 * The answer checks of every kind, written once and pure: the console's
 * own requests (`askPhotos`, `askOpen`, `askSave`, `askPrint`) and a
 * running `xcap console` answering a relayed request both read answers
 * with it, so the console says `ok` only to an answer the asking host will
 * take. Each reads only the request's `fields` (what crossed the relay).
 */
export const answerParsers: { readonly [K in ConsolePendingKind]: AnswerParser<K> } = {
  consent: (_fields, answer) => {
    const reply = answerField(answer, 'reply');
    return typeof reply === 'string' && consentReplies.includes(reply)
      ? (reply as AnswerValues['consent'])
      : { refused: 'reply must be "allowOnce", "allow" or "deny"' };
  },
  photos: (fields, answer) => {
    const limit = typeof fields.limit === 'number' ? fields.limit : 0;
    const ids = stringList(answer, 'photoIds', limit);
    if (typeof ids === 'string') return { refused: ids };
    const offered = new Set(listOf(fields.photos).map((photo) => answerField(photo, 'id')));
    const stranger = ids.find((id) => !offered.has(id));
    return stranger === undefined ? ids : { refused: `${JSON.stringify(stranger)} is not a photo of this request` };
  },
  open: (fields, answer) => {
    const names = stringList(answer, 'names', fields.multiple === true ? consoleLimits.maxFiles : 1);
    if (typeof names === 'string') return { refused: names };
    const offered = new Set(listOf(fields.files).map((file) => answerField(file, 'name')));
    const stranger = names.find((name) => !offered.has(name));
    return stranger === undefined ? names : { refused: `${JSON.stringify(stranger)} is not a file of this request` };
  },
  save: (_fields, answer) => {
    if (isCancel(answer)) return null;
    const maxLength = consoleLimits.maxSaveNameLength;
    const name = answerField(answer, 'name');
    if (typeof name !== 'string' || name.trim() === '' || name.length > maxLength)
      return { refused: `name must be a non-empty string of at most ${maxLength} characters, or cancel: true` };
    return name;
  },
  print: (fields, answer) => {
    if (isCancel(answer)) return null;
    const printer = answerField(answer, 'printer');
    return typeof printer === 'string' && listOf(fields.printers).includes(printer)
      ? printer
      : { refused: 'printer must be one of the listed printers, or cancel: true' };
  },
};

/** Whether a parser's result is a refusal. */
export function isRefusedAnswer(value: unknown): value is RefusedAnswer {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as { refused?: unknown }).refused === 'string';
}

function listOf(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [];
}
