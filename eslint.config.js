/**
 * ESLint for the TypeScript sources (`npm run lint`): typescript-eslint's
 * type-checked recommended rules, each file typed by the tsconfig.json
 * nearest to it (projectService), plus the promise and exhaustiveness checks
 * the call path relies on. No stylistic rules: Prettier owns the layout.
 */
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import { requireDisableReason } from './scripts/eslint/require-disable-reason.js';
import { requireRejectionClass } from './scripts/eslint/require-rejection-class.js';

export default defineConfig(
  {
    // Built output, generated code (tools/codegen writes it; gen:check guards it), the
    // typedoc site, and the examples in other languages.
    ignores: ['**/node_modules/**', '**/dist/**', 'docs/api/**', 'packages/catalog/src/generated/**', 'packages/catalog/native/**', 'examples/**'],
  },
  {
    files: [
      'packages/*/src/**/*.ts',
      'packages/*/test/**/*.ts',
      'packages/console/page/**/*.ts',
      'tools/*/src/**/*.ts',
      'tools/*/test/**/*.ts',
      'bench/**/*.ts',
      'scripts/**/*.ts',
    ],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { xcap: { rules: { 'require-disable-reason': requireDisableReason } } },
    linterOptions: {
      reportUnusedDisableDirectives: 'error',
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      'xcap/require-disable-reason': 'error',
      // Passing on a caught or settled reason unchanged (typed `unknown`) is not making a non-Error one.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingUnknown: true }],
      // An async function without await is how a fake or a synchronous implementation meets a
      // Promise-returning interface (a throw inside it still becomes a rejection).
      '@typescript-eslint/require-await': 'off',
      // As TypeScript's noUnusedLocals: a `_`-named binding or a rest sibling leaves a property out on purpose.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // Tests parse JSON (the catalog fixture, CLI output) and edit it into shapes the types forbid, on
    // purpose: the code under test is what checks them. `any` stays out of sources.
    files: ['packages/*/test/**/*.ts', 'tools/*/test/**/*.ts', 'scripts/**/test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // A message-only rejects.toThrow passes for a promise rejected with undefined (chai skips the message
    // check for a falsy reason): tests also name the error's class (scripts/eslint/require-rejection-class.js).
    files: ['packages/*/test/**/*.ts', 'tools/*/test/**/*.ts', 'scripts/**/test/**/*.ts'],
    plugins: { 'xcap-tests': { rules: { 'require-rejection-class': requireRejectionClass } } },
    rules: {
      'xcap-tests/require-rejection-class': 'error',
    },
  },
  {
    // Tests probe values the types already narrow (that is often the point of the check), so this one is for sources.
    files: ['packages/*/src/**/*.ts', 'packages/console/page/**/*.ts', 'tools/*/src/**/*.ts', 'scripts/**/src/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unnecessary-condition': 'error',
    },
  },
  {
    // The console page puts every string from the server in the DOM as text (textContent, createElement):
    // nothing there may parse HTML (the CSP forbids inline script, this forbids the ways to smuggle markup in).
    files: ['packages/console/page/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['innerHTML', 'outerHTML', 'insertAdjacentHTML', 'setHTMLUnsafe', 'createContextualFragment'].map((property) => ({
          property,
          message: 'The console page renders server strings as text: use textContent or el().',
        })),
        { object: 'document', property: 'write', message: 'The console page never writes HTML.' },
        { object: 'document', property: 'writeln', message: 'The console page never writes HTML.' },
      ],
    },
  },
);
