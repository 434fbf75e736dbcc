/**
 * Test child: claims the nonces `nonce-<i>` (i from 0 to `<count>` - 1,
 * padded to 16 digits) in the consent nonce database `<file>`, one after
 * another, printing `won <i>` for each claim that was the first.
 */
import { SqliteConsentNonceStore } from '../../src/index.js';

const [file, count] = process.argv.slice(2);
if (file === undefined || count === undefined) throw new Error('usage: nonce-claimer <file> <count>');
const store = new SqliteConsentNonceStore(file);
const until = Date.now() + 600_000;
for (let i = 0; i < Number(count); i++) {
  if (await store.claim(`nonce-${String(i).padStart(16, '0')}`, until)) process.stdout.write(`won ${i}\n`);
}
store.close();
