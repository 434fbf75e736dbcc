import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { sourceFiles } from './source-files.js';

/** One `@deprecated` tag in a source file: the file (relative to `root`), its 1-based line, and that line trimmed. */
export interface DeprecatedTag {
  readonly file: string;
  readonly line: number;
  readonly text: string;
}

/** Every `@deprecated` tag in the sources of folder `src` (a JSDoc tag: `@deprecated` as a word), with paths relative to `root`. */
export function deprecatedTags(root: string, src: string): DeprecatedTag[] {
  const tags: DeprecatedTag[] = [];
  for (const file of sourceFiles(join(root, src)))
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((text, index) => {
        if (/(^|[\s*{])@deprecated\b/.test(text)) tags.push({ file: relative(root, file), line: index + 1, text: text.trim() });
      });
  return tags;
}

/** Whether the package in folder `dir` (relative to `root`) was ever released: `changeset version` left a `CHANGELOG.md` beside its package.json. */
export function wasReleased(root: string, dir: string): boolean {
  return existsSync(join(root, dir, 'CHANGELOG.md'));
}
