/** The third-party packages the `xcap` bundle holds (inlined-packages.mjs). */
export declare const inlinedPackages: ReadonlySet<string>;
/** node-resolve's options for them (inlined-packages.mjs). */
export declare const inlinedResolveOptions: { readonly exportConditions: string[]; readonly preferBuiltins: boolean };
