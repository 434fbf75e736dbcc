/** Audit outcomes in words, by `status:error` (or `status` alone): the one table the page uses for statuses. */
const outcomeWords: Readonly<Record<string, string>> = {
  ok: 'done',
  failed: 'failed: the tool reported an error',
  invalid: 'refused: the arguments were not valid',
  'invalid:invalidParams': 'refused: the arguments were not valid',
  upstream: 'failed: the service did not answer',
  'upstream:rpcError': 'failed: the service answered with an error',
  'upstream:unreachable': 'failed: the service could not be reached',
  'upstream:timeout': 'failed: the service took too long',
  denied: 'refused',
  'denied:consentDenied': 'refused: you said no',
  'denied:consentNeeded': 'refused: nobody answered in time',
  'denied:unknownTool': 'refused: there is no such tool',
  'denied:hostOnly': 'refused: only the host may do this',
  'denied:notDeclared': 'refused: the app did not ask for this in its manifest',
  'denied:unavailable': 'refused: not available on this computer',
  'denied:originNotDeclared': 'refused: the app did not name that site in its manifest',
  'denied:needsForeground': 'refused: the app must be open in front',
};

/** An audit row's status and error in words (`denied` + `consentDenied` → `refused: you said no`); an unknown pair as `status: error`. */
export function statusWords(status: string, error: string | null): string {
  return outcomeWords[`${status}:${error ?? ''}`] ?? (error === null ? outcomeWords[status] : undefined) ?? (error === null ? status : `${status}: ${error}`);
}

/** The status filter's choices: the value sent and its words. */
export const statusChoices: readonly (readonly [string, string])[] = [
  ['ok', 'done'],
  ['failed', 'failed'],
  ['invalid', 'refused: arguments not valid'],
  ['upstream', 'failed: service'],
  ['denied', 'refused'],
];

/** A stored grant's answer in words (`granted` → `Always allow`). */
export function grantWords(answer: string): string {
  return answer === 'granted' ? 'Always allow' : answer === 'denied' ? 'Don’t allow' : answer;
}

/** A status in a few words (the filter's and the chart's): `ok` → `done`, `denied` → `refused`. */
export function statusShort(status: string): string {
  return statusChoices.find(([value]) => value === status)?.[1] ?? status;
}

/** An audit row's `clientId` for a person: `token:laptop` → `token laptop`, `oauth:x` → `OAuth client x`, a run id by its random end (`run-20261204T044018Z-c700287f` → `run …c700287f`) or its first 8 characters, `ui` → `the app`. */
export function clientWords(clientId: string): string {
  if (clientId === 'ui') return 'the app';
  if (clientId.startsWith('token:')) return `token ${clientId.slice('token:'.length)}`;
  if (clientId.startsWith('oauth:')) return `OAuth client ${clientId.slice('oauth:'.length)}`;
  if (clientId.startsWith('run-')) {
    const id = clientId.slice('run-'.length);
    const tail = id.slice(id.lastIndexOf('-') + 1);
    // xcap serve's run ids are run-<start time>-<random>: the random end tells two runs apart.
    if (tail !== id && tail.length >= 4) return `run …${tail}`;
    if (id.length > 8) return `run ${id.slice(0, 8)}…`;
  }
  return clientId;
}
