/**
 * The two kinds of output folder the generator writes. `package`: the
 * `@xcap/catalog` package itself (generated code under `src/generated/`,
 * importing the package's own `src/runtime.ts` by relative path, plus
 * `native/` and the `xcap` field of its package.json). `standalone`: any
 * other folder, such as a host team's `src/xcap` (the same modules at the
 * folder's root, importing only `@xcap/catalog/runtime`, plus `native/`).
 */
export type OutputLayout = 'package' | 'standalone';

/** The module a generated file `depth` folders below the generated root imports the runtime from. */
export function runtimeSpecifier(layout: OutputLayout, depth: number): string {
  return layout === 'package' ? `${'../'.repeat(depth + 1)}runtime.js` : '@xcap/catalog/runtime';
}

/** Where the TypeScript modules go inside the output folder (`src/generated/` or the root). */
export function modulesDir(layout: OutputLayout): string {
  return layout === 'package' ? 'src/generated/' : '';
}
