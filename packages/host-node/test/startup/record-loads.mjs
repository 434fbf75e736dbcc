/**
 * `node --import <this file>`: appends the URL of every module the process
 * loads (ES modules, and the CommonJS entry an ES module imports, e.g. `pg`)
 * to the file named by `XCAP_LOAD_LOG`, one a line, as it is loaded. For the
 * start-up tests (lazy-loading.test.ts). It registers itself as the module
 * hooks: the main thread registers, the hooks thread answers `load`.
 */
import { appendFileSync } from 'node:fs';
import { register } from 'node:module';
import { isMainThread } from 'node:worker_threads';

const log = process.env.XCAP_LOAD_LOG;
if (log === undefined || log === '') throw new Error('record-loads.mjs: XCAP_LOAD_LOG (the file to append to) is not set');
if (isMainThread) register(import.meta.url);

/** The `load` hook: records the URL once it has loaded. */
export async function load(url, context, nextLoad) {
  const loaded = await nextLoad(url, context);
  appendFileSync(log, `${url}\n`);
  return loaded;
}
