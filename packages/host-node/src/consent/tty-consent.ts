import { open } from 'node:fs/promises';
import type { ConsentReply } from '@xcap/broker';
import type { ConsentRequest, ConsentUi } from '@xcap/call';
import { terminalText } from '../terminal-text.js';

/** Options of `ttyConsent`. */
export interface TtyConsentOptions {
  /** The terminal to ask on (default `/dev/tty`, the controlling terminal; never stdin/stdout, which carry the protocol). */
  readonly path?: string;
  /** Where the answer is read from, when not `path` (tests; default `path`). */
  readonly inputPath?: string;
  /** How long the person may take to answer, in milliseconds (default 300,000); no answer in time counts as dismiss. */
  readonly timeoutMs?: number;
}

/**
 * A consent UI on the controlling terminal: writes the consent sheet (the
 * app, the scope, the title, the text — each through `terminalText`, so a
 * manifest's `why` cannot draw on the terminal) to `/dev/tty` and reads one
 * line — `a`/`allow`/`y` answers allow, `d`/`deny`/`n` deny, anything else
 * (an empty line, end of input) dismiss. No terminal (a daemon, CI), an error or no answer within
 * `timeoutMs` count as `dismiss`. Sheets are asked one at a time.
 */
export function ttyConsent(options: TtyConsentOptions = {}): ConsentUi {
  const path = options.path ?? '/dev/tty';
  const inputPath = options.inputPath ?? path;
  const timeoutMs = options.timeoutMs ?? 300_000;
  let queue: Promise<unknown> = Promise.resolve();
  return (request: ConsentRequest): Promise<ConsentReply> => {
    const asked = queue.then(() => askOnTerminal(path, inputPath, request, timeoutMs));
    queue = asked.catch(() => undefined);
    return asked.catch(() => 'dismiss' as const);
  };
}

type FileHandle = Awaited<ReturnType<typeof open>>;

async function askOnTerminal(path: string, inputPath: string, request: ConsentRequest, timeoutMs: number): Promise<ConsentReply> {
  const handles: FileHandle[] = [];
  try {
    const output = await open(path, 'w');
    handles.push(output);
    const input = await open(inputPath, 'r');
    handles.push(input);
    const sheet = [
      '',
      `┌─ ${terminalText(request.sheet.title)} — app ${terminalText(request.app)} asks for ${terminalText(request.scope)}`,
      `│  ${terminalText(request.sheet.text)}`,
      '└─ [a]llow  [d]on’t allow  (anything else: not now) > ',
    ].join('\n');
    await output.write(sheet);
    return replyFor(await readLine(input, timeoutMs));
  } catch {
    return 'dismiss';
  } finally {
    await Promise.all(handles.map((handle) => handle.close().catch(() => undefined)));
  }
}

/** Reads up to the first newline (or end of input, or the timeout: `null`). */
async function readLine(tty: FileHandle, timeoutMs: number): Promise<string | null> {
  const stream = tty.createReadStream({ encoding: 'utf8', autoClose: false });
  return new Promise<string | null>((resolve) => {
    let text = '';
    const done = (value: string | null) => {
      clearTimeout(timer);
      stream.removeAllListeners();
      stream.on('error', () => undefined);
      stream.destroy();
      resolve(value);
    };
    const timer = setTimeout(() => done(null), timeoutMs);
    stream.on('data', (chunk: string | Buffer) => {
      text += String(chunk);
      const end = text.indexOf('\n');
      if (end >= 0) done(text.slice(0, end));
    });
    stream.on('end', () => done(text === '' ? null : text));
    stream.on('error', () => done(null));
  });
}

function replyFor(line: string | null): ConsentReply {
  const answer = (line ?? '').trim().toLowerCase();
  if (answer === 'a' || answer === 'allow' || answer === 'y' || answer === 'yes') return 'allow';
  if (answer === 'd' || answer === 'deny' || answer === 'n' || answer === 'no') return 'deny';
  return 'dismiss';
}
