/** Emits the generated folder's README. */
import type { GeneratedFile } from './generated-file.js';

/** The README that tells a reader not to edit this folder. */
export function emitReadme(source: string): GeneratedFile {
  return {
    path: 'README.md',
    content: `# Generated code — do not edit

Everything in this folder (and in \`packages/catalog/native/\`) is generated from
\`${source}\` by \`tools/codegen\`. Change the catalog or the generator, then run
\`npm run gen\`; \`npm run gen:check\` (part of \`npm test\`) fails on any file that
differs from what the generator writes.
`,
  };
}
