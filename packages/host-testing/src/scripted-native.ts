import type { JsonObject } from '@xcap/catalog';
import type { NativeScript } from './native-script.js';

/** The native function a `NativeScript` describes (a copy of the scripted answer each call). */
export function scriptedNative(script: NativeScript): (input: JsonObject) => unknown {
  if (typeof script === 'function') return script;
  if ('throws' in script) {
    const message = script.throws;
    return () => {
      throw new Error(message);
    };
  }
  if ('hangs' in script) return () => new Promise<never>(() => undefined);
  const answer = 'answers' in script ? script.answers : script;
  return () => structuredClone(answer);
}
