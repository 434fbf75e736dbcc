import { closeSync, createReadStream, createWriteStream, open } from 'node:fs';
import { promisify } from 'node:util';
import type { Readable, Writable } from 'node:stream';
import { isatty, ReadStream } from 'node:tty';
import type { ConsentChoice, ConsentRequest, ConsentUi } from '@xcap/call';
import { agentText, argumentsText } from '@xcap/mcp';
import { terminalText } from '../terminal-text.js';

const openFd = promisify(open);

/** A terminal opened for one sheet: what the person types and where the sheet is written. */
export interface TtyTerminal {
  /** What the person types (lines). */
  readonly input: Readable;
  /** Where the sheet is written. */
  readonly output: Writable;
  /** Called once the sheet ended (answered, aborted, or failed). */
  close(): void | Promise<void>;
}

/** Options of `ttyConsent`. */
export interface TtyConsentOptions {
  /** The terminal to ask on (default `/dev/tty`, the controlling terminal; never stdin/stdout, which carry the protocol). */
  readonly path?: string;
  /** Opens the terminal for each sheet instead of `path` (tests, another terminal); a throw or rejection counts as no terminal. */
  readonly open?: () => TtyTerminal | Promise<TtyTerminal>;
}

/** How long input that was already waiting when a sheet opened is read and thrown away before the sheet is written, in ms. */
export const staleInputMs = 50;

/** The longest answer line read, in characters; a longer line counts as dismiss. */
export const maxAnswerChars = 1024;

/**
 * A consent UI on the controlling terminal: writes the consent sheet (who
 * asks — the agent's name, version and token or OAuth client — the app, the
 * scope, the title, the text, the tool and its description, the arguments,
 * short — each through `terminalText`, so neither a manifest's `why` nor an
 * agent's name can draw on the terminal) to `/dev/tty` and reads one line:
 * `o`/`once` answers Allow once (`allowOnce`: this call runs, nothing is
 * stored), `a`/`always`/`allow` Always allow (`allow`), `d`/`deny`/`n`/`no`
 * Don’t allow (`deny`); anything else (an empty line — Enter — end of
 * input, a line over `maxAnswerChars`) is nothing (`dismiss`). No
 * terminal (a daemon, CI) or an error count as `dismiss`. Sheets are asked
 * one at a time. The call path owns the deadline: when the request's
 * `signal` aborts (the deadline passed, the agent cancelled) the prompt
 * writes one line saying it no longer asks, stops reading and answers
 * `dismiss`, and the next sheet is asked at once (a sheet whose signal
 * aborted while it waited its turn is never shown). A line is only ever
 * the answer of a sheet already written: what was typed before (for a
 * sheet that is gone) is read and dropped during `staleInputMs` before the
 * sheet is written.
 */
export function ttyConsent(options: TtyConsentOptions = {}): ConsentUi {
  const path = options.path ?? '/dev/tty';
  const openTerminal = options.open ?? (() => openTty(path));
  let queue: Promise<unknown> = Promise.resolve();
  const ui = (request: ConsentRequest): Promise<ConsentChoice> => {
    const asked = queue.then(() => askOnTerminal(openTerminal, request));
    queue = asked.catch(() => undefined);
    return asked.catch(() => 'dismiss' as const);
  };
  return ui;
}

async function askOnTerminal(openTerminal: () => TtyTerminal | Promise<TtyTerminal>, request: ConsentRequest): Promise<ConsentChoice> {
  const { signal } = request;
  if (signal.aborted) return 'dismiss';
  let terminal: TtyTerminal | undefined;
  try {
    terminal = await openTerminal();
    return await ask(terminal, request);
  } catch {
    return 'dismiss';
  } finally {
    await Promise.resolve(terminal?.close()).catch(() => undefined);
  }
}

/** Drops what was waiting, writes the sheet, reads the answer line — or stops at the abort. */
function ask(terminal: TtyTerminal, request: ConsentRequest): Promise<ConsentChoice> {
  const { input, output } = terminal;
  const { signal } = request;
  return new Promise<ConsentChoice>((resolve) => {
    let text = '';
    let asking = false;
    const stale = setTimeout(() => {
      text = '';
      asking = true;
      output.write(sheetText(request));
    }, staleInputMs);
    const done = (reply: ConsentChoice) => {
      clearTimeout(stale);
      signal.removeEventListener('abort', aborted);
      input.off('data', onData);
      input.off('end', onEnd);
      input.off('error', onError);
      input.pause();
      resolve(reply);
    };
    const aborted = () => {
      if (asking) output.write(`\n└─ no longer asking (${abortText(signal)}): counted as not now\n`);
      done('dismiss');
    };
    const onData = (chunk: string | Buffer) => {
      if (!asking) return; // typed before this sheet was written: not its answer
      text += String(chunk);
      const end = text.indexOf('\n');
      if (end >= 0) done(replyFor(text.slice(0, end)));
      else if (text.length > maxAnswerChars) done('dismiss');
    };
    const onEnd = () => done(asking ? replyFor(text) : 'dismiss');
    const onError = () => done('dismiss');
    signal.addEventListener('abort', aborted, { once: true });
    input.on('data', onData);
    input.on('end', onEnd);
    input.on('error', onError);
    input.resume();
    if (signal.aborted) aborted();
  });
}

function sheetText(request: ConsentRequest): string {
  const lines = [
    '',
    `┌─ ${terminalText(request.sheet.title)} — ${terminalText(agentText(request.agent))} asks, for app ${terminalText(request.app)}, for ${terminalText(request.scope)}`,
    `│  ${terminalText(request.sheet.text)}`,
  ];
  lines.push(`│  tool: ${terminalText(request.tool.id)}${request.tool.description === '' ? '' : ` — ${terminalText(request.tool.description)}`}`);
  const args = argumentsText(request.arguments);
  if (args !== '') lines.push(`│  arguments: ${terminalText(args)}`);
  lines.push('└─ [o] allow once  [a] always allow  [d] don’t allow  (Enter: nothing, asked again next time) > ');
  return lines.join('\n');
}

function abortText(signal: AbortSignal): string {
  const reason: unknown = signal.reason;
  return reason instanceof Error && reason.name === 'TimeoutError' ? 'the time to answer ran out' : 'the request was cancelled';
}

/** Opens the terminal at `path`: a tty is read without blocking (so closing it leaves no read pending), any other file as a stream. */
async function openTty(path: string): Promise<TtyTerminal> {
  const outputFd = await openFd(path, 'w');
  let inputFd: number;
  try {
    inputFd = await openFd(path, 'r');
  } catch (error) {
    closeSync(outputFd);
    throw error;
  }
  const input = isatty(inputFd) ? new ReadStream(inputFd) : createReadStream('', { fd: inputFd });
  input.setEncoding('utf8');
  const output = createWriteStream('', { fd: outputFd });
  input.on('error', () => undefined);
  output.on('error', () => undefined);
  return {
    input,
    output,
    close: async () => {
      input.destroy();
      await new Promise<void>((resolve) => output.end(resolve));
    },
  };
}

function replyFor(line: string): ConsentChoice {
  const answer = line.trim().toLowerCase();
  if (answer === 'o' || answer === 'once') return 'allowOnce';
  if (answer === 'a' || answer === 'always' || answer === 'allow') return 'allow';
  if (answer === 'd' || answer === 'deny' || answer === 'n' || answer === 'no') return 'deny';
  return 'dismiss';
}
