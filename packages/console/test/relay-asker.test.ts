/** The host's side of the relay over any transport (RelayAsker), and the checks of every message that crosses (relay-protocol). */
import { describe, expect, it } from 'vitest';
import { askPrint } from '../src/ask-print.js';
import { RelayAsker } from '../src/relay-asker.js';
import { readConsoleMessage, readHostMessage, relayLimits, type RelayHostMessage } from '../src/relay-protocol.js';

const printAsk = (signal = new AbortController().signal) => ({
  app: 'acme.album',
  agent: null,
  agentKey: 'ui',
  documentName: 'a.pdf',
  mimeType: 'application/pdf',
  printers: ['desk'],
  signal,
  deadline: Infinity,
});
/** A consent request as the console contract's ConsoleAsk carries it, with its detached signal (pickers never detach). */
const sheet = (signal: AbortSignal, detached: AbortSignal) => ({
  kind: 'consent' as const,
  app: 'acme.album',
  agent: { name: 'Goose', version: '1', via: null },
  agentKey: 'run-1',
  fields: { scope: 'photos.read' },
  parse: (answer: unknown) => answer as string,
  fallback: 'dismiss',
  signal,
  deadline: 5,
  detached,
});

function asker(send: (message: RelayHostMessage) => boolean | Promise<boolean> = () => true) {
  const sent: RelayHostMessage[] = [];
  const lines: string[] = [];
  const relay = new RelayAsker({ withFiles: false, log: (line) => lines.push(line), send: (message) => (sent.push(message), send(message)) });
  return { relay, sent, lines };
}

describe('RelayAsker', () => {
  it('sends the request as data (no files over PostgreSQL, deadline null for none), takes its answer once, ignores strangers', async () => {
    const { relay, sent } = asker();
    const printed = askPrint(relay, printAsk());
    expect(sent).toEqual([
      {
        t: 'ask',
        id: 0,
        kind: 'print',
        app: 'acme.album',
        agent: null,
        agentKey: 'ui',
        fields: { documentName: 'a.pdf', mimeType: 'application/pdf', printers: ['desk'] },
        deadline: null,
        files: {},
      },
    ]);
    expect(relay.open).toBe(1);
    relay.receive({ t: 'hello', url: 'http://127.0.0.1:1/' });
    relay.receive({ t: 'answer', id: 7, answer: { printer: 'desk' } });
    relay.receive({ t: 'answer', id: 0, answer: { printer: 'desk' } });
    relay.receive({ t: 'ended', id: 0 });
    expect(await printed).toBe('desk');
    expect(relay.open).toBe(0);
  });

  it('an answer the host does not read ends with the fallback and one line', async () => {
    const { relay, lines } = asker();
    const printed = askPrint(relay, printAsk());
    relay.receive({ t: 'answer', id: 0, answer: { printer: 'attic' } });
    expect(await printed).toBeNull();
    expect(lines).toEqual([
      "xcap serve: the console's answer to a print request did not read (printer must be one of the listed printers, or cancel: true); it ends unanswered",
    ]);
  });

  it('a message that cannot be sent, or whose send rejects, ends with the fallback', async () => {
    expect(await askPrint(asker(() => false).relay, printAsk())).toBeNull();
    expect(await askPrint(asker(() => Promise.resolve(false)).relay, printAsk())).toBeNull();
    expect(await askPrint(asker(() => Promise.reject(new Error('down'))).relay, printAsk())).toBeNull();
  });

  it('sends detach when the sheet detaches (at once when it already has), end when the call stops waiting', async () => {
    const { relay, sent } = asker();
    const call = new AbortController();
    const detach = new AbortController();
    const asked = relay.ask(sheet(call.signal, detach.signal));
    expect(sent[0]).toMatchObject({ t: 'ask', kind: 'consent', agent: { name: 'Goose' }, agentKey: 'run-1', deadline: 5 });
    detach.abort();
    call.abort();
    expect(await asked).toBe('dismiss');
    expect(sent.slice(1)).toEqual([
      { t: 'detach', id: 0 },
      { t: 'end', id: 0 },
    ]);
    const already = asker();
    void already.relay.ask(sheet(new AbortController().signal, AbortSignal.abort()));
    expect(already.sent.map((message) => message.t)).toEqual(['ask', 'detach']);
  });

  it('lost ends every open request; close ends them and every later one at once', async () => {
    const { relay, sent } = asker();
    const waiting = [askPrint(relay, printAsk()), askPrint(relay, printAsk())];
    expect(relay.lost()).toBe(2);
    expect(await Promise.all(waiting)).toEqual([null, null]);
    relay.close();
    expect(await askPrint(relay, printAsk())).toBeNull();
    expect(await askPrint(relay, printAsk(AbortSignal.abort()))).toBeNull();
    expect(sent).toHaveLength(2);
  });
});

describe('the relay messages', () => {
  const ask = { t: 'ask', id: 1, kind: 'photos', app: 'acme.album', agent: null, agentKey: 'run-1', fields: {}, deadline: 5, files: { a: '/p/a.png' } };
  it('reads a good ask, end, detach and grants; an absent agent or files read as none', () => {
    expect(readHostMessage(ask)).toEqual(ask);
    expect(readHostMessage({ ...ask, agent: { name: 'Goose', version: undefined, via: null } })).toMatchObject({
      agent: { name: 'Goose', version: null, via: null },
    });
    expect(readHostMessage({ ...ask, agent: undefined, files: undefined })).toMatchObject({ agent: null, files: {} });
    expect(readHostMessage({ t: 'end', id: 0 })).toEqual({ t: 'end', id: 0 });
    expect(readHostMessage({ t: 'detach', id: 3 })).toEqual({ t: 'detach', id: 3 });
    expect(readHostMessage({ t: 'grants' })).toEqual({ t: 'grants' });
  });
  it.each([
    [[], 'a message must be a JSON object'],
    [{ ...ask, id: -1 }, 'id must be a non-negative integer'],
    [{ ...ask, id: 1.5 }, 'id must be a non-negative integer'],
    [{ ...ask, t: 'shout' }, 'unknown message type "shout"'],
    [{ ...ask, kind: 'toString' }, 'kind must be a console kind'],
    [{ ...ask, app: '' }, 'app must be a non-empty string'],
    [{ ...ask, app: 'a'.repeat(relayLimits.maxTextLength + 1) }, 'app must be a non-empty string'],
    [{ ...ask, agentKey: 7 }, 'agentKey must be a string'],
    [{ ...ask, agent: { name: 7 } }, 'agent must be null or { name, version, via } of strings or null'],
    [{ ...ask, agent: 'Goose' }, 'agent must be null or { name, version, via } of strings or null'],
    [{ ...ask, fields: [] }, 'fields must be an object'],
    [{ ...ask, deadline: Infinity }, 'deadline must be a number or null'],
    [{ ...ask, deadline: '5' }, 'deadline must be a number or null'],
    [{ ...ask, files: [] }, 'files must be an object'],
    [{ ...ask, files: { a: 'relative.png' } }, 'files must map ids to absolute paths'],
    [
      { ...ask, files: Object.fromEntries(Array.from({ length: relayLimits.maxFiles + 1 }, (_, i) => [`p${i}`, `/p/${i}`])) },
      `files may carry at most ${relayLimits.maxFiles}`,
    ],
  ])('refuses a host message %#: %s', (message, why) => {
    expect(readHostMessage(message)).toBe(why);
  });
  it('carries exactly maxFiles files', () => {
    const files = Object.fromEntries(Array.from({ length: relayLimits.maxFiles }, (_, i) => [`p${i}`, `/p/${i}`]));
    expect(readHostMessage({ ...ask, files })).toMatchObject({ files });
  });
  it('reads the console messages and refuses others', () => {
    expect(readConsoleMessage({ t: 'hello', url: 'http://127.0.0.1:7420/' })).toEqual({ t: 'hello', url: 'http://127.0.0.1:7420/' });
    expect(readConsoleMessage({ t: 'hello', url: 'http://evil.example/' })).toBe('hello needs the console’s url');
    expect(readConsoleMessage({ t: 'answer', id: 2, answer: { reply: 'allow' } })).toEqual({ t: 'answer', id: 2, answer: { reply: 'allow' } });
    expect(readConsoleMessage({ t: 'ended', id: 2 })).toEqual({ t: 'ended', id: 2 });
    expect(readConsoleMessage({ t: 'ended' })).toBe('id must be a non-negative integer');
    expect(readConsoleMessage({ t: 'bye', id: 1 })).toBe('unknown message type "bye"');
    expect(readConsoleMessage(null)).toBe('a message must be a JSON object');
  });
});
