/** The page's words, pure functions of the contract's data: who asks, statuses, errors, the time left (the page itself is tested in Chromium). */
import { describe, expect, it } from 'vitest';
import { agentWords, askSentence, scopeWords } from '../src/ask-sentence.js';
import type { ConsentPending, Pending } from '../src/console-contract.js';
import { errorSentence } from '../page/src/error-sentence.js';
import { clientWords, grantWords, statusShort, statusWords } from '../page/src/status-words.js';
import { timeLeftWords } from '../page/src/time-left-words.js';

const sheet: ConsentPending = {
  id: 'r1',
  kind: 'consent',
  app: 'acme.album',
  createdAt: '',
  expiresAt: null,
  agent: { name: 'Claude Desktop', version: '1.2', via: 'token laptop' },
  scope: 'photos.read',
  title: 'Photos',
  text: 'This app wants to access your photos. To make albums.',
  why: 'To make albums.',
  tool: 'photos_pick',
  toolDescription: 'Lets the person pick photos.',
  arguments: [],
  detached: false,
};

describe('the page says who asks, for which app, to do what', () => {
  it('names the agent by name, version and via; without a name, version or via; the app UI as null', () => {
    expect(agentWords(sheet.agent)).toBe('Claude Desktop 1.2 (token laptop)');
    expect(agentWords({ name: 'cli', version: null, via: null })).toBe('cli');
    expect(agentWords({ name: null, version: null, via: 'OAuth client x at login.example.com' })).toBe(
      'An agent that gave no name (OAuth client x at login.example.com)',
    );
    expect(agentWords(null)).toBeNull();
  });

  it('takes the task from the broker sheet text, why left out; another text is not taken', () => {
    expect(scopeWords(sheet)).toBe('access your photos');
    expect(scopeWords({ text: 'This app wants to connect to api.example.com.', why: null })).toBe('connect to api.example.com');
    expect(scopeWords({ text: 'Something else. To make albums.', why: 'To make albums.' })).toBeNull();
    expect(scopeWords({ text: 'This app wants to access your photos. Other why.', why: 'To make albums.' })).toBeNull();
  });

  it('says the whole line for each kind', () => {
    const base = { id: 'p', app: 'acme.album', createdAt: '', expiresAt: null, agent: sheet.agent };
    const lines = (
      [
        sheet,
        { ...sheet, text: 'Odd text', agent: null },
        { ...base, kind: 'photos', limit: 1, photos: [] },
        { ...base, kind: 'photos', limit: 3, photos: [] },
        { ...base, kind: 'open', multiple: false, accept: [], files: [] },
        { ...base, kind: 'save', suggestedName: 'a.txt', mimeType: 'text/plain', size: 1 },
        { ...base, kind: 'print', documentName: 'Invoice.pdf', mimeType: 'application/pdf', printers: [] },
      ] satisfies Pending[]
    ).map(askSentence);
    expect(lines).toEqual([
      'Claude Desktop 1.2 (token laptop) asks, for the app acme.album, to access your photos.',
      'The app acme.album asks to use Photos.',
      'Claude Desktop 1.2 (token laptop) asks, for the app acme.album, to choose a photo.',
      'Claude Desktop 1.2 (token laptop) asks, for the app acme.album, to choose up to 3 photos.',
      'Claude Desktop 1.2 (token laptop) asks, for the app acme.album, to open a file you choose.',
      'Claude Desktop 1.2 (token laptop) asks, for the app acme.album, to save the file a.txt.',
      'Claude Desktop 1.2 (token laptop) asks, for the app acme.album, to print Invoice.pdf.',
    ]);
  });
});

describe('statuses, answers and errors in words', () => {
  it('writes audit outcomes from one table, an unknown pair as given', () => {
    expect(statusWords('denied', 'consentDenied')).toBe('refused: you said no');
    expect(statusWords('denied', 'consentNeeded')).toBe('refused: nobody answered in time');
    expect(statusWords('ok', null)).toBe('done');
    expect(statusWords('upstream', 'timeout')).toBe('failed: the service took too long');
    expect(statusWords('denied', 'somethingNew')).toBe('denied: somethingNew');
    expect(statusWords('weird', null)).toBe('weird');
    expect([statusShort('denied'), statusShort('ok'), statusShort('new')]).toEqual(['refused', 'done', 'new']);
    expect([grantWords('granted'), grantWords('denied'), grantWords('other')]).toEqual(['Always allow', 'Don’t allow', 'other']);
  });

  it('names who called by the audit clientId in words', () => {
    expect(
      ['ui', 'token:laptop', 'oauth:xcap-agent', 'run-7f3a9c2e4b1d4e8f', 'run-12345678', 'run-20261204T044018Z-c700287f', 'other'].map(clientWords),
    ).toEqual(['the app', 'token laptop', 'OAuth client xcap-agent', 'run 7f3a9c2e…', 'run-12345678', 'run …c700287f', 'other']);
  });

  it('turns every refusal into a sentence without a status code, a path or a flag', () => {
    const messages = [
      '409: no such pending request (answered, expired or never asked)',
      '400: not an answer to a consent request: reply must be "allowOnce", "allow" or "deny"',
      '401: not signed in',
      '409: a token named "laptop" exists in /root/.xcap/tokens.json: revoke it first (xcap token revoke laptop)',
      '500: the console could not answer this request',
      '404: not found',
      '418: /etc/passwd --flag',
      'no status at all',
    ];
    const sentences = messages.map((message) => errorSentence(new Error(message)));
    expect(sentences[0]).toBe('This request is no longer waiting: it was answered, it expired or the agent stopped it. Nothing was changed.');
    expect(sentences[3]).toBe('A token by that name exists already. Revoke it first, or choose another name.');
    expect(sentences[6]).toBe('Something went wrong. Try again.');
    for (const sentence of sentences) expect(sentence).not.toMatch(/\d{3}|\/[a-z]|--|xcap token/);
    expect(errorSentence(new TypeError('Failed to fetch'))).toBe('The console cannot be reached. Is xcap still running?');
  });

  it('counts the time left down to the second, then says time is up', () => {
    expect([120_000, 113_000, 60_000, 59_001, 42_000, 1, 0, -5].map(timeLeftWords)).toEqual([
      '2 min left',
      '1 min 53 s left',
      '1 min left',
      '1 min left',
      '42 s left',
      '1 s left',
      'Time is up.',
      'Time is up.',
    ]);
  });
});
