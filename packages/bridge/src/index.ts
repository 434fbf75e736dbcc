/** xcap bridge: spec-exact argument validation, native argument mapping, result checking and blob storage. */
export {};
