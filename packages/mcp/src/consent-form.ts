import type { ConsentReply } from '@xcap/broker';
import type { ConsentRequest } from '@xcap/call';

/** The form the agent's client shows for a consent sheet: one choice, `answer` = `allow` or `deny`. */
export const consentFormSchema = {
  type: 'object' as const,
  properties: {
    answer: {
      type: 'string' as const,
      title: 'Your answer',
      oneOf: [
        { const: 'allow', title: 'Allow' },
        { const: 'deny', title: 'Don’t allow' },
      ],
    },
  },
  required: ['answer'],
};

/** The message of the consent form: the sheet's title and text, e.g. `Photos: This app wants to access your photos. Pick the photos for your album.` */
export function consentFormMessage(request: ConsentRequest): string {
  return `${request.sheet.title}: ${request.sheet.text}`;
}

/** The reply an elicitation answer stands for: an accepted form answering `allow` or `deny` is that choice; anything else (decline, cancel, another value) is `dismiss`. */
export function consentFormReply(action: unknown, content: unknown): ConsentReply {
  if (action !== 'accept' || typeof content !== 'object' || content === null) return 'dismiss';
  const answer = (content as Record<string, unknown>)['answer'];
  return answer === 'allow' || answer === 'deny' ? answer : 'dismiss';
}
