import type { ConsentUi } from '@xcap/call';
import type { ManifestEntry } from '@xcap/catalog';
import { askConsent } from './ask-consent.js';
import { consentArguments, type DescribeFile } from './consent-arguments.js';
import type { ConsoleAsker } from './console-asker.js';

/** What `consoleConsentUi` takes besides the registry and the manifest. */
export interface ConsoleConsentUiOptions {
  /** Names a `fileId` argument by the file's name, type and size (host-node reads its blob store); without it a `fileId` shows as given. */
  readonly describeFile?: DescribeFile;
}

/**
 * The console's consent UI: each sheet the call path asks is an
 * `askConsent` request in `requests` — who asks (`agent`, per-agent key
 * `client` or `ui`), the scope, the sheet's title and text, the manifest's
 * `why` for the scope (or `null`), the tool and its catalog description,
 * and the call's arguments as names and values (`consentArguments`, a
 * `fileId` through `describeFile`). No answer before the call path's
 * signal aborts (its deadline, the call's cancel) is `dismiss`. The answer
 * (`allowOnce`, `allow`, `deny`) goes back to the call path, which stores
 * it through `consentAnswer` (this writes no grant).
 */
export function consoleConsentUi(
  requests: ConsoleAsker,
  manifest: { readonly capabilities: readonly ManifestEntry[] },
  options: ConsoleConsentUiOptions = {},
): ConsentUi {
  return async (request) => {
    const agent = request.agent;
    return askConsent(requests, {
      app: request.app,
      agent: agent === null ? null : { name: agent.name, version: agent.version, via: agent.via },
      agentKey: request.client ?? 'ui',
      scope: request.scope,
      sheet: request.sheet,
      why: manifest.capabilities.find((entry) => entry.id === request.scope)?.why ?? null,
      tool: request.tool.id,
      toolDescription: request.tool.description,
      arguments: await consentArguments(request.arguments, request.app, options.describeFile),
      signal: request.signal,
      deadline: request.deadline,
      detached: request.detached,
    });
  };
}
