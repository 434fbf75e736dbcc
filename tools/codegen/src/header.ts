/** The one-line header every generated file starts with. */
import type { OutputLayout } from './layout.js';
import { generatorVersion } from './version.js';

/** The header text for a catalog source path. */
export function headerText(source: string, layout: OutputLayout = 'package'): string {
  return `generated from ${source} by ${layout === 'package' ? 'tools/codegen' : `xcap-codegen ${generatorVersion}`} — do not edit`;
}

/** The header line in the comment syntax of `path`'s language. */
export function headerLine(path: string, source: string, layout: OutputLayout = 'package'): string {
  if (path.endsWith('.md')) return `<!-- ${headerText(source, layout)} -->`;
  return `// ${headerText(source, layout)}`;
}

/**
 * The file's text with its header: on the first line, except where the
 * first line must stay first (`// swift-tools-version:` in Package.swift);
 * a JSON document gets it as its first member `"$comment"`.
 */
export function withHeader(path: string, content: string, source: string, layout: OutputLayout = 'package'): string {
  // JSON has no comments: the header is the document's first member, `$comment`.
  if (path.endsWith('.json')) return content.replace(/^\{\n/, `{\n  "$comment": ${JSON.stringify(headerText(source, layout))},\n`);
  const header = headerLine(path, source, layout);
  if (content.startsWith('// swift-tools-version:')) {
    const end = content.indexOf('\n') + 1;
    return `${content.slice(0, end)}${header}\n${content.slice(end)}`;
  }
  return `${header}\n${content}`;
}
