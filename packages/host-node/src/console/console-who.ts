import type { AgentJson } from '@xcap/console';
import type { NativeContext } from '@xcap/catalog';

/**
 * What issue 32's contract adds to `NativeContext` of `@xcap/catalog`: the
 * agent of the call and its audit `clientId` (`null` for the app's UI).
 * Declared here, optional, while the catalog on this branch lacks them.
 */
export interface NativeContextWho {
  /** The agent as it names itself and how it reached the host (`AgentLabel`), or `null` for the app's UI. */
  readonly agent?: AgentJson | null;
  /** The agent's audit `clientId`, or `null` for the app's UI. */
  readonly client?: string | null;
}

/** Who asks, for a console picker: the native's `context.agent` (as JSON) and `context.client` as the per-agent key (`ui` without one). */
export function consoleWho(context: NativeContext & NativeContextWho): { readonly agent: AgentJson | null; readonly agentKey: string } {
  const agent = context.agent ?? null;
  return {
    agent: agent === null ? null : { name: agent.name, version: agent.version, via: agent.via },
    agentKey: context.client ?? 'ui',
  };
}
