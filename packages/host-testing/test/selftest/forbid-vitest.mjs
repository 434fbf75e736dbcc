// `node --import ./forbid-vitest.mjs`: any import of vitest in this process throws (the node:test entry must never load it).
import { register } from 'node:module';

register('./forbid-vitest-hook.mjs', import.meta.url);
