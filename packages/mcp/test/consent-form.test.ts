import { describe, expect, it } from 'vitest';
import type { ConsentRequest } from '@xcap/call';
import { argumentsText, consentFormMessage, consentFormReply, consentFormSchema, maxArgumentChars, maxArgumentsShown } from '../src/consent-form.js';

const base = {
  app: 'acme.album',
  scope: 'photos.read',
  sheet: { title: 'Photos', text: 'This app wants to access your photos. Pick the photos for your album.' },
  verdict: { kind: 'ask', scope: 'photos.read' },
  argsHash: 'h',
  signal: new AbortController().signal,
  deadline: Infinity,
  agent: null,
  client: null,
  tool: { id: 'photos_list', description: '' },
  arguments: undefined,
  detached: new AbortController().signal,
} as unknown as ConsentRequest;

describe('the consent form', () => {
  it('offers three answers with their titles: Allow once, Always allow, Don’t allow; one answer is required', () => {
    expect(consentFormSchema).toEqual({
      type: 'object',
      properties: {
        answer: {
          type: 'string',
          title: 'Your answer',
          oneOf: [
            { const: 'allowOnce', title: 'Allow once' },
            { const: 'allow', title: 'Always allow' },
            { const: 'deny', title: 'Don’t allow' },
          ],
        },
      },
      required: ['answer'],
    });
  });

  it('maps an accepted answer to its choice; decline, cancel and anything else are dismiss', () => {
    expect(consentFormReply('accept', { answer: 'allowOnce' })).toBe('allowOnce');
    expect(consentFormReply('accept', { answer: 'allow' })).toBe('allow');
    expect(consentFormReply('accept', { answer: 'deny' })).toBe('deny');
    expect(consentFormReply('accept', { answer: 'always' })).toBe('dismiss');
    expect(consentFormReply('accept', null)).toBe('dismiss');
    expect(consentFormReply('decline', { answer: 'allow' })).toBe('dismiss');
    expect(consentFormReply('cancel', { answer: 'allowOnce' })).toBe('dismiss');
  });

  it('its message names the agent, the app, the sheet, the tool and the arguments', () => {
    const request = {
      ...base,
      agent: { name: 'Claude Desktop', version: '1.2', via: 'token laptop' },
      tool: { id: 'photos_pick', description: 'Let the person pick photos.' },
      arguments: { max: 3, title: 'Summer' },
    } as ConsentRequest;
    expect(consentFormMessage(request)).toBe(
      [
        'Claude Desktop 1.2 (token laptop) asks, for the app acme.album: Photos: This app wants to access your photos. Pick the photos for your album.',
        'Tool: photos_pick (Let the person pick photos.).',
        'Arguments: max: 3, title: Summer.',
      ].join('\n'),
    );
  });

  it('a tool without a description is named alone', () => {
    const request = { ...base, tool: { id: 'photos_list', description: '' } } as ConsentRequest;
    expect(consentFormMessage(request).split('\n')[1]).toBe('Tool: photos_list.');
  });

  it('a call without an agent or arguments: the sheet and the tool, asked by “An agent”', () => {
    expect(consentFormMessage(base)).toBe(`An agent asks, for the app acme.album: Photos: ${base.sheet.text}\nTool: photos_list.`);
  });
});

describe('argumentsText', () => {
  it('cuts a long value with an ellipsis at the bound, and keeps one at the bound', () => {
    const at = 'x'.repeat(maxArgumentChars);
    expect(argumentsText({ body: at })).toBe(`body: ${at}`);
    expect(argumentsText({ body: `${at}y` })).toBe(`body: ${'x'.repeat(maxArgumentChars - 1)}…`);
  });

  it('names at most six arguments and counts the rest', () => {
    const six = Object.fromEntries(Array.from({ length: maxArgumentsShown }, (_, i) => [`a${i}`, i]));
    expect(argumentsText(six)).toBe('a0: 0, a1: 1, a2: 2, a3: 3, a4: 4, a5: 5');
    expect(argumentsText({ ...six, a6: 6, a7: 7 })).toBe('a0: 0, a1: 1, a2: 2, a3: 3, a4: 4, a5: 5 and 2 more');
  });

  it('non-string values as JSON; no arguments, empty ones, non-objects', () => {
    expect(argumentsText({ ids: ['p1', 'p2'], n: null })).toBe('ids: ["p1","p2"], n: null');
    expect(argumentsText(undefined)).toBe('');
    expect(argumentsText({})).toBe('none');
    expect(argumentsText([1, 2])).toBe('[1,2]');
    expect(argumentsText('hello')).toBe('hello');
    expect(argumentsText(null)).toBe('null');
    expect(argumentsText({ f: () => 1 })).toBe('f: () => 1');
    expect(argumentsText({ n: 10n })).toBe('n: 10');
  });
});
