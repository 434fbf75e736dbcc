/**
 * A small seeded pseudo-random source (xorshift32 over a 32-bit state) for
 * tests whose random choices must be replayable: the same seed gives the
 * same numbers in [0, 1). Not for anything secret.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0 || 0x9e3779b9;
  return () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 2 ** 32;
  };
}

/** The seed of a test's random choices: `env[name]` when set (to replay a failure), else a fresh one; logged either way. */
export function testSeed(name: string, env: NodeJS.ProcessEnv = process.env): number {
  const given = env[name];
  if (given !== undefined && given !== '') {
    const seed = Number(given);
    if (!Number.isSafeInteger(seed) || seed < 0 || seed >= 2 ** 32)
      throw new RangeError(`${name} must be an integer from 0 to 2^32 - 1, got ${JSON.stringify(given)}`);
    console.info(`${name}=${seed} (given)`);
    return seed;
  }
  const seed = Math.floor(Math.random() * 2 ** 32);
  console.info(`${name}=${seed} (replay a failure with ${name}=${seed})`);
  return seed;
}
