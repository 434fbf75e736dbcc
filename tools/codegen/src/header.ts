/** The one-line header every generated file starts with. */

/** The header text for a catalog source path. */
export function headerText(source: string): string {
  return `generated from ${source} by tools/codegen — do not edit`;
}

/** The header line in the comment syntax of `path`'s language. */
export function headerLine(path: string, source: string): string {
  if (path.endsWith('.md')) return `<!-- ${headerText(source)} -->`;
  return `// ${headerText(source)}`;
}
