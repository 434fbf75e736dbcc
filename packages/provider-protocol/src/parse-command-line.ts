/**
 * Splits `"<command> [args]"` into an argument vector the way a POSIX shell
 * splits words, and nothing more: blanks separate words; `'…'` is literal;
 * `"…"` is literal except that `\` escapes `"`, `\`, `$` and `` ` ``; a `\`
 * outside quotes escapes the next character. No variables, globs, pipes or
 * redirections (the command is spawned without a shell). Throws a
 * `RangeError` naming the problem for an empty command or an unclosed quote.
 */
export function parseCommandLine(line: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string;
    if (c === ' ' || c === '\t' || c === '\n') {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
      continue;
    }
    inWord = true;
    if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) throw new RangeError(`command ${JSON.stringify(line)}: unclosed single quote at character ${i + 1}`);
      word += line.slice(i + 1, end);
      i = end;
    } else if (c === '"') {
      let j = i + 1;
      for (; j < line.length && line[j] !== '"'; j++) {
        if (line[j] === '\\' && j + 1 < line.length && '"\\$`'.includes(line[j + 1] as string)) j++;
        word += line[j];
      }
      if (j >= line.length) throw new RangeError(`command ${JSON.stringify(line)}: unclosed double quote at character ${i + 1}`);
      i = j;
    } else if (c === '\\' && i + 1 < line.length) {
      word += line[++i];
    } else {
      word += c;
    }
  }
  if (inWord) words.push(word);
  if (words.length === 0) throw new RangeError('command: empty (expected "<command> [args]")');
  return words;
}
