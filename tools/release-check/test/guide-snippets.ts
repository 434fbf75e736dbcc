import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A fenced block of a guide and what the guide says it is. */
export interface GuideBlock {
  /** 1-based line of the opening fence. */
  readonly line: number;
  /** The info string's language (`ts`, `sh`, …). */
  readonly lang: string;
  /** The block's text, without the fences. */
  readonly text: string;
  /** The `<!-- snippet: <file>#<region> -->` marker before it, if any (the file relative to the guide). */
  readonly snippet: { readonly file: string; readonly region: string | undefined } | undefined;
  /** The `<!-- not run: <reason> -->` marker before it, if any. */
  readonly notRun: string | undefined;
}

/** The fenced blocks of a Markdown guide with the marker comment on the line before each (blank lines between allowed). */
export function guideBlocks(text: string): GuideBlock[] {
  const lines = text.split('\n');
  const blocks: GuideBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(`{3,})(\S*)\s*$/.exec(lines[i]!);
    if (open === null) continue;
    const body: string[] = [];
    let j = i + 1;
    while (j < lines.length && lines[j] !== open[1]) body.push(lines[j++]!);
    let k = i - 1;
    while (k >= 0 && lines[k]!.trim() === '') k--;
    const marker = k >= 0 ? lines[k]!.trim() : '';
    const snippet = /^<!-- snippet: ([^#\s]+)(?:#(\S+))? -->$/.exec(marker);
    const notRun = /^<!-- not run: (.+) -->$/.exec(marker);
    blocks.push({
      line: i + 1,
      lang: open[2]!,
      text: body.join('\n'),
      snippet: snippet === null ? undefined : { file: snippet[1]!, region: snippet[2] },
      notRun: notRun?.[1],
    });
    i = j;
  }
  return blocks;
}

/**
 * The text of `#region <name>` … `#endregion <name>` in a source file (`//`
 * or `#` comments), dedented by the region's smallest indentation; the whole
 * file without its region markers when `region` is undefined.
 */
export function regionText(file: string, region: string | undefined): string {
  const lines = readFileSync(file, 'utf8').replace(/\n$/, '').split('\n');
  const marker = (kind: string) =>
    new RegExp(`^\\s*(?://|#) #${kind}${region === undefined ? ' \\S+' : ` ${region.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`}\\s*$`);
  let body: string[];
  if (region === undefined) body = lines.filter((l) => !marker('region').test(l) && !marker('endregion').test(l));
  else {
    const start = lines.findIndex((l) => marker('region').test(l));
    const end = lines.findIndex((l, i) => i > start && marker('endregion').test(l));
    if (start < 0 || end < 0) throw new Error(`${file}: no region ${region}`);
    body = lines.slice(start + 1, end);
  }
  const indent = Math.min(...body.filter((l) => l.trim() !== '').map((l) => /^ */.exec(l)![0].length));
  return body.map((l) => l.slice(Number.isFinite(indent) ? indent : 0)).join('\n');
}

/** Resolves a snippet's file relative to the guide that names it. */
export function snippetFile(guideDir: string, file: string): string {
  return join(guideDir, file);
}
