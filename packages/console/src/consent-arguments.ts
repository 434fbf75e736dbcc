import { consoleLimits, type PendingArgument } from './console-contract.js';

/** What a host knows of one of an app's files (`ConsoleConsentUiOptions.describeFile`). */
export interface FileDescription {
  /** The file's name. */
  readonly name: string;
  /** Its size in bytes. */
  readonly size: number;
  /** Its media type, when known. */
  readonly mimeType?: string;
  /** Its page count (a PDF), when cheaply known. */
  readonly pages?: number;
}

/** Reads what a host knows of the app's file `fileId`, or `undefined` when the app has no such file. */
export type DescribeFile = (fileId: string, app: string) => FileDescription | undefined | Promise<FileDescription | undefined>;

/** The longest argument name shown, in characters. */
const maxNameChars = 100;

/**
 * A call's arguments as a consent sheet lists them: each top-level field
 * as its name and a value for a person — a string as it is, a number or a
 * boolean as written, an object or a list as compact JSON, each cut with …
 * past `consoleLimits.maxArgumentChars`; a string `fileId` named by the
 * file's name, type, size and page count (`describeFile`; `a file this app
 * does not have` when unknown). At most `consoleLimits.maxArguments` are
 * listed, the rest counted in a last `…` line. Arguments that are not an
 * object are one line named `value`; none (`undefined`) is no line.
 */
export async function consentArguments(args: unknown, app: string, describeFile?: DescribeFile): Promise<PendingArgument[]> {
  if (args === undefined) return [];
  const entries: [string, unknown][] =
    typeof args === 'object' && args !== null && !Array.isArray(args) ? Object.entries(args as Record<string, unknown>) : [['value', args]];
  const shown = entries.slice(0, consoleLimits.maxArguments);
  const lines = await Promise.all(
    shown.map(async ([name, value]) => ({
      name: cut(name, maxNameChars),
      value:
        name === 'fileId' && typeof value === 'string' ? await fileLine(value, app, describeFile) : cut(typeof value === 'string' ? value : compact(value)),
    })),
  );
  const rest = entries.length - shown.length;
  if (rest > 0) lines.push({ name: '…', value: `${rest} more ${rest === 1 ? 'argument' : 'arguments'}` });
  return lines;
}

/** `text` cut to at most `max` characters (code points), the last one `…` when cut. */
export function cut(text: string, max: number = consoleLimits.maxArgumentChars): string {
  const points = Array.from(text);
  return points.length <= max ? text : `${points.slice(0, max - 1).join('')}…`;
}

/** A byte count for a person: `512 bytes`, `12 KB`, `3.4 MB` (1 KB = 1024 bytes). */
export function sizeInWords(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  const [value, unit] = bytes < 1024 * 1024 ? [bytes / 1024, 'KB'] : bytes < 1024 ** 3 ? [bytes / 1024 ** 2, 'MB'] : [bytes / 1024 ** 3, 'GB'];
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${unit}`;
}

/** `value` (from JSON) as compact JSON; `undefined` (a JavaScript caller's) as `undefined`. */
function compact(value: unknown): string {
  return value === undefined ? 'undefined' : JSON.stringify(value);
}

async function fileLine(fileId: string, app: string, describeFile: DescribeFile | undefined): Promise<string> {
  let file: FileDescription | undefined;
  try {
    file = await describeFile?.(fileId, app);
  } catch {
    file = undefined;
  }
  if (file === undefined) return describeFile === undefined ? cut(fileId) : 'a file this app does not have';
  const facts = [file.mimeType, sizeInWords(file.size), file.pages === undefined ? undefined : `${file.pages} ${file.pages === 1 ? 'page' : 'pages'}`];
  return cut(`${file.name} (${facts.filter((fact) => fact !== undefined && fact !== '').join(', ')})`);
}
