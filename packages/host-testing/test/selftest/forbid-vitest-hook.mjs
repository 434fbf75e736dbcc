// A module resolve hook that refuses vitest (registered by forbid-vitest.mjs).
export async function resolve(specifier, context, next) {
  if (specifier === 'vitest' || specifier.startsWith('vitest/')) throw new Error(`vitest was imported by ${context.parentURL}`);
  return next(specifier, context);
}
