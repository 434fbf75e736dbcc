/**
 * Test child: grants `<count>` distinct scopes `<prefix>-<i>` to app
 * `<app>` in the grant file `<file>`, one after another, printing
 * `ok <scope>` after each acknowledged write.
 */
import { FileGrantStore } from '../../src/index.js';

const [file, app, prefix, count] = process.argv.slice(2);
if (file === undefined || app === undefined || prefix === undefined || count === undefined)
  throw new Error('usage: grant-writer <file> <app> <prefix> <count>');
const store = new FileGrantStore(file);
for (let i = 0; i < Number(count); i++) {
  const scope = `${prefix}-${i}`;
  await store.set(app, scope, i % 3 === 0 ? 'denied' : 'granted');
  process.stdout.write(`ok ${scope}\n`);
}
