/**
 * Test child: a notifications provider on `<stateFile>` (with `<notifySend>`
 * as its notify-send) that schedules `<count>` notifications
 * `<prefix>-<i>` a day ahead, one after another, printing `ok <id>` after
 * each acknowledged post.
 */
import { createNotificationsProvider } from '../../../src/providers/notifications-provider.js';

const [stateFile, notifySend, prefix, count] = process.argv.slice(2);
if (stateFile === undefined || notifySend === undefined || prefix === undefined || count === undefined)
  throw new Error('usage: notification-poster <stateFile> <notifySend> <prefix> <count>');
const provider = createNotificationsProvider({ stateFile, notifySend, gdbus: null });
if (provider === undefined) throw new Error('no provider');
const at = new Date(Date.now() + 86_400_000).toISOString();
for (let i = 0; i < Number(count); i++) {
  const id = `acme.album/${prefix}-${i}`;
  const answer = await provider.post({ id, title: `t ${i}`, body: null, at, tap: null });
  if ('isError' in answer) throw new Error(`${id}: ${String(answer.isError)}`);
  process.stdout.write(`ok ${id}\n`);
}
provider.close();
