/**
 * Where a `ProviderProcess` stands: `starting` (spawned, `providers/describe`
 * not yet answered), `ready` (calls go to the process), `restarting` (it
 * died; calls wait for the next process, within their timeout), `stopped`
 * (`close()`, or a start that failed: calls are refused).
 */
export type ProviderProcessState = 'starting' | 'ready' | 'restarting' | 'stopped';
