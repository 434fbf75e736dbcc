import type { Grant, RefusalReason, Verdict } from '@xcap/catalog';
import type { GrantStore } from './grant-store.js';

/** The person's answer on a consent sheet. */
export type ConsentReply = 'allow' | 'deny' | 'dismiss';

/**
 * Turns the answer to a consent sheet into the call's verdict (clarification
 * 13), the only path that writes a grant: `allow` stores `granted` and
 * answers `call`; `deny` stores `denied` and answers `denied/consentDenied`;
 * `dismiss` stores nothing and answers `denied/consentNeeded` (the sheet
 * comes again next time). `asked` must be an `ask` verdict with its
 * capability, tool and scope; anything else, or another answer, is a
 * TypeError. The grant is written before the verdict is returned, so a
 * failing store rejects the promise and no call runs.
 */
export async function consentAnswer(store: GrantStore, app: string, asked: Verdict, answer: ConsentReply): Promise<Verdict> {
  const given: unknown = asked; // JavaScript callers can pass anything
  if (typeof given !== 'object' || given === null || asked.verdict !== 'ask') {
    throw new TypeError(`consentAnswer: only an "ask" verdict can be answered, got ${describe(asked)}`);
  }
  const { capability, tool, scope } = asked;
  if (typeof capability !== 'string' || typeof tool !== 'string' || typeof scope !== 'string') {
    throw new TypeError('consentAnswer: the "ask" verdict must name its capability, tool and scope');
  }
  if (typeof app !== 'string' || app === '') throw new TypeError('consentAnswer: app must be a non-empty string');
  const answerVerdict = (verdict: Verdict['verdict'], reason: RefusalReason | null): Verdict => ({ verdict, capability, tool, scope, reason });
  const write = async (grant: Grant) => store.set(app, scope, grant);
  switch (answer) {
    case 'allow':
      await write('granted');
      return answerVerdict('call', null);
    case 'deny':
      await write('denied');
      return answerVerdict('denied', 'consentDenied');
    case 'dismiss':
      return answerVerdict('denied', 'consentNeeded');
    default:
      throw new TypeError(`consentAnswer: answer must be "allow", "deny" or "dismiss", got ${show(answer)}`);
  }
}

function describe(value: unknown): string {
  if (typeof value === 'object' && value !== null) return `verdict ${show((value as { verdict?: unknown }).verdict)}`;
  return value === null ? 'null' : typeof value;
}

function show(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}
