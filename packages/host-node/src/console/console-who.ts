import type { AgentJson } from '@xcap/console';
import type { NativeContext } from '@xcap/catalog';

/** Who asks, for a console picker: the native's `context.agent` (as JSON) and `context.client` as the per-agent key (`ui` for the app's own UI). */
export function consoleWho(context: NativeContext): { readonly agent: AgentJson | null; readonly agentKey: string } {
  const { agent } = context;
  return {
    agent: agent === null ? null : { name: agent.name, version: agent.version, via: agent.via },
    agentKey: context.client ?? 'ui',
  };
}
