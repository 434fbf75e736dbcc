import { isTokenName, TokenNameTakenError, tokenNameRule } from '@xcap/tokens';
import { CliFailure } from './cli-failure.js';
import { stdoutWritten, type CliIo } from './cli-io.js';
import { withCommandStores } from './command-stores.js';

function checkName(name: string): void {
  if (!isTokenName(name)) throw new CliFailure(`${JSON.stringify(name)} is not a token name (${tokenNameRule})`);
}

/**
 * `xcap token add <name>`: makes a new random token (`xcap_` and 32 bytes
 * from the OS's CSPRNG, base64url: `mintToken` of `@xcap/tokens`), stores only its SHA-256 in `tokens.json` (mode
 * 0600) or, with `--store`, in PostgreSQL (every host on it accepts it),
 * and prints the token once, alone on stdout. A name that has a token
 * exits 2 (revoke it first).
 */
export async function tokenAddCommand(name: string, options: Record<string, unknown>, io: CliIo): Promise<void> {
  checkName(name);
  const { token, where } = await withCommandStores(options, io, async ({ tokens, where }) => {
    try {
      return { token: await tokens.add(name), where: where.tokens };
    } catch (error) {
      // The one error of every token store (file, PostgreSQL): the name has a token.
      if (error instanceof TokenNameTakenError) throw new CliFailure(error.message);
      throw error;
    }
  });
  io.stdout(`${token}\n`);
  io.stderr(`xcap: token ${name} added to ${where}; it is shown only this once — give it to the agent as "Authorization: Bearer <token>"\n`);
  await stdoutWritten(io, `the token ${name} was stored; revoke it and add a new one`);
}

/** `xcap token list [--json]`: the tokens' names and when they were added (never a token). */
export async function tokenListCommand(options: Record<string, unknown>, io: CliIo): Promise<void> {
  const { tokens, where } = await withCommandStores(options, io, async (stores) => ({ tokens: await stores.tokens.list(), where: stores.where.tokens }));
  if (options.json === true) {
    io.stdout(`${JSON.stringify(tokens, null, 2)}\n`);
    return;
  }
  io.stdout(tokens.length === 0 ? `no tokens in ${where}\n` : `${tokens.map((token) => `${token.name}  ${token.created}`).join('\n')}\n`);
}

/** `xcap token revoke <name>`: forgets the token; a running `xcap serve --http` refuses it (401) from the next request on. An unknown name exits 2. */
export async function tokenRevokeCommand(name: string, options: Record<string, unknown>, io: CliIo): Promise<void> {
  checkName(name);
  await withCommandStores(options, io, async ({ tokens, where }) => {
    if (!(await tokens.revoke(name))) throw new CliFailure(`no token named ${name} in ${where.tokens}`);
  });
  io.stdout(`token ${name} revoked\n`);
  await stdoutWritten(io, `the token ${name} was revoked all the same`);
}
