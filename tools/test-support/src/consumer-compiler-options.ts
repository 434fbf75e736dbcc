/**
 * The `compilerOptions` of a strict host team's project, as the scratch
 * projects of the release check and the codegen's standalone install write
 * them into their `tsconfig.json`: NodeNext modules, `strict`,
 * `noUncheckedIndexedAccess`, `verbatimModuleSyntax`, and the packages'
 * own `.d.ts` checked (`skipLibCheck: false`). Each adds what its project needs.
 */
export const consumerCompilerOptions = {
  target: 'ES2022',
  lib: ['ES2023'],
  module: 'NodeNext',
  moduleResolution: 'NodeNext',
  strict: true,
  noUncheckedIndexedAccess: true,
  verbatimModuleSyntax: true,
  skipLibCheck: false,
  types: ['node'],
} as const;
