import { describe, expect, it } from 'vitest';
import { providerLogKey } from '../../src/log/provider-log-key.js';

describe('providerLogKey', () => {
  it.each([
    ['[provider p] a stdout line that is not JSON was ignored: junk', '[provider p] ignored stdout'],
    ['[provider p] a stdout line that is not a JSON-RPC message was ignored: {}', '[provider p] ignored stdout'],
    ['[provider p] messages "spam/1" from the provider are ignored (logged once)', '[provider p] ignored stdout'],
    ['[provider p] an answer to unknown id 7 was ignored', '[provider p] ignored stdout'],
    ['[provider p] discarded a stdout line of 9999 bytes: over the 100-byte message limit', '[provider p] ignored stdout'],
    ['[provider p] ended (exit code 3); restarting in 100 ms', '[provider p] process'],
    ['[provider p] restarted (pid 42)', '[provider p] process'],
    ['[provider p] restart refused: it describes other capabilities', '[provider p] process'],
    ['[provider p] still running 2000 ms after SIGTERM: SIGKILL', '[provider p] process'],
    ['[provider p] (a stderr line of 99999 bytes, not shown)', '[provider p] stderr'],
    ['[provider p] anything the provider wrote on stderr', '[provider p] stderr'],
    ['[provider other] anything', '[provider other] stderr'],
    ['a line without the prefix', '[provider] stderr'],
  ])('%j → %j', (line, key) => {
    expect(providerLogKey(line)).toBe(key);
  });

  it('keeps the keys a fixed set whatever the provider writes after its prefix', () => {
    const keys = new Set<string>();
    for (let i = 0; i < 1000; i++) keys.add(providerLogKey(`[provider p] line ${i} ${'x'.repeat(i % 7)}`));
    expect([...keys]).toEqual(['[provider p] stderr']);
  });
});
