import type { Grant } from '@xcap/catalog';
import { catalog } from '@xcap/catalog';
import { consentAnswer, revokeGrant } from '@xcap/broker';
import { isAppId } from '../manifest/app-id.js';
import { terminalText } from '../terminal-text.js';
import { askScope } from './ask-scope.js';
import { CliFailure } from './cli-failure.js';
import { stdoutWritten, type CliIo } from './cli-io.js';
import { withCommandStores } from './command-stores.js';

function checkApp(app: string): void {
  if (!isAppId(app))
    throw new CliFailure(`${JSON.stringify(app)} is not an app id (1 to 128 of A-Z a-z 0-9 . _ -, starting and ending with a letter or digit)`);
}

/**
 * `xcap grant <app> <scope>`: stores `granted` through the one grant-writing
 * path, `consentAnswer` with `allow` on the scope's `ask` verdict, exactly as
 * if the person had allowed it on the consent sheet. In `consent.json`, or
 * in PostgreSQL with `--store` (every host on it honours the grant on its
 * next call).
 */
export async function grantCommand(app: string, scopeId: string, options: Record<string, unknown>, io: CliIo): Promise<void> {
  checkApp(app);
  const { capability, scope } = askScope(catalog, scopeId);
  const tool = scope.tools[0] ?? '';
  await withCommandStores(options, io, ({ grants }) =>
    consentAnswer(grants, app, { verdict: 'ask', capability: capability.name, tool, scope: scope.id, reason: null }, 'allow'),
  );
  io.stdout(`${app} ${scope.id} granted\n`);
  await stdoutWritten(io, `the grant was stored all the same (${app} ${scope.id} granted)`);
}

/** `xcap revoke <app> <scope>`: forgets the answer with `revokeGrant`; the scope is undecided again. */
export async function revokeCommand(app: string, scopeId: string, options: Record<string, unknown>, io: CliIo): Promise<void> {
  checkApp(app);
  const { scope } = askScope(catalog, scopeId);
  const before = await withCommandStores(options, io, async ({ grants }) => {
    const was = await grants.get(app, scope.id);
    await revokeGrant(grants, app, scope.id);
    return was;
  });
  io.stdout(`${app} ${scope.id} ${before === undefined ? 'was undecided' : `revoked (was ${before})`}\n`);
  await stdoutWritten(io, `the revoke was stored all the same (${app} ${scope.id} undecided)`);
}

/**
 * `xcap grants [<app>] [--json]`: the stored answers, one `app scope answer`
 * line each (app and scope through `terminalText`), or one JSON document
 * (exact). Any key is kept, `__proto__` too.
 */
export async function grantsCommand(app: string | undefined, options: Record<string, unknown>, io: CliIo): Promise<void> {
  if (app !== undefined) checkApp(app);
  const { all, where } = await withCommandStores(options, io, async ({ grants, where }) => ({ all: await grants.all(), where: where.grants }));
  const selected = Object.create(null) as Record<string, Record<string, Grant>>;
  for (const name of Object.keys(all).sort()) {
    if (app !== undefined && name !== app) continue;
    const scopes = all[name] ?? {};
    selected[name] = Object.fromEntries(
      Object.keys(scopes)
        .sort()
        .map((scope) => [scope, scopes[scope] as Grant]),
    );
  }
  if (options.json === true) {
    io.stdout(`${JSON.stringify(selected, null, 2)}\n`);
    return;
  }
  const lines = Object.entries(selected).flatMap(([name, scopes]) =>
    Object.entries(scopes).map(([scope, grant]) => `${terminalText(name)}  ${terminalText(scope)}  ${grant}`),
  );
  io.stdout(lines.length === 0 ? `no grants${app === undefined ? '' : ` for ${app}`} in ${where}\n` : `${lines.join('\n')}\n`);
}
