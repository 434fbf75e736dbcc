import { mintedTokenPattern, TokenNameTakenError, type ManagedTokenStore } from '@xcap/tokens';
import type { ConformanceGroup } from './conformance-node.js';
import { storeChecks } from './store-conformance-checks.js';
import type { StoresUnderTest } from './store-conformance-options.js';
import type { StoreTestFactory } from './store-conformance-tests.js';

const { same, fail, rejects } = storeChecks;
const isoUtc = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/**
 * The `tokens` section of the store suite: the rules of `ManagedTokenStore`
 * (`@xcap/tokens`) — add mints an `xcap_…` token and answers it once, a taken
 * name is a `TokenNameTakenError` that keeps the token, a wrong token is
 * refused, list is sorted by name with its times, revoke is seen at once by
 * every instance, and bad names are a `TypeError` that stores nothing.
 */
export function tokenStoreConformanceGroup(test: StoreTestFactory): ConformanceGroup {
  const big = 2 ** 30;
  return {
    kind: 'group',
    title: 'tokens',
    children: [
      test('tokens', 'add answers a fresh xcap_ token; verify answers its name; list shows each name with its time, sorted', big, async (stores) => {
        const tokens = need(stores);
        const bot = await tokens.add('ci-bot');
        const agent = await tokens.add('Agent.2');
        for (const token of [bot, agent]) if (!mintedTokenPattern.test(token)) fail(`token ${JSON.stringify(token)} is not xcap_ and 43 base64url characters`);
        if (bot === agent) fail('two adds answered the same token');
        same(await tokens.verify(bot), { name: 'ci-bot' }, 'verify of the first token');
        same(await tokens.verify(agent), { name: 'Agent.2' }, 'verify of the second token');
        const listed = await tokens.list();
        same(
          listed.map((t) => t.name),
          ['Agent.2', 'ci-bot'],
          'the listed names (sorted by name, code unit order)',
        );
        for (const t of listed)
          if (!isoUtc.test(t.created) || Math.abs(Date.parse(t.created) - Date.now()) > 3_600_000)
            fail(`created ${JSON.stringify(t.created)} of ${t.name} is not the ISO 8601 UTC time of the add`);
        if (JSON.stringify(listed).includes(bot.slice(5))) fail('list shows a token');
      }),
      test('tokens', 'a taken name is a TokenNameTakenError and keeps its token', big, async (stores) => {
        const tokens = need(stores);
        const first = await tokens.add('agent');
        const error = await rejects(() => tokens.add('agent'), 'TokenNameTakenError', 'a second add of "agent"', TokenNameTakenError);
        same((error as TokenNameTakenError).tokenName, 'agent', 'the error’s tokenName');
        same(await tokens.verify(first), { name: 'agent' }, 'the first token after the refused add');
        same(
          (await tokens.list()).map((t) => t.name),
          ['agent'],
          'the listed names',
        );
      }),
      test('tokens', 'a wrong token is refused: unknown, changed, cut, extended, empty', big, async (stores) => {
        const tokens = need(stores);
        same(await tokens.verify('xcap_nothing-here'), null, 'verify in an empty store');
        const token = await tokens.add('agent');
        const changed = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
        for (const wrong of [changed, token.slice(0, -1), token.slice(5), `${token}x`, ` ${token}`, token.toUpperCase(), ''])
          same(await tokens.verify(wrong), null, `verify of ${JSON.stringify(wrong)}`);
      }),
      test('tokens', 'revoke forgets the token at once and answers whether there was one; the name can be added again', big, async (stores) => {
        const tokens = need(stores);
        const old = await tokens.add('agent');
        const other = await tokens.add('other');
        same(await tokens.revoke('agent'), true, 'revoke of a stored name');
        same(await tokens.verify(old), null, 'verify of the revoked token');
        same(await tokens.verify(other), { name: 'other' }, 'verify of the token beside it');
        same(
          (await tokens.list()).map((t) => t.name),
          ['other'],
          'the listed names after revoke',
        );
        same(await tokens.revoke('agent'), false, 'a second revoke');
        same(await tokens.revoke('never-added'), false, 'revoke of an unknown name');
        const again = await tokens.add('agent');
        if (again === old) fail('the name added again answered the revoked token');
        same(await tokens.verify(old), null, 'the revoked token after the name was added again');
        same(await tokens.verify(again), { name: 'agent' }, 'the new token');
      }),
      test('tokens', 'a name outside tokenNamePattern is a TypeError and stores nothing', big, async (stores) => {
        const tokens = need(stores);
        for (const bad of ['', '-agent', '.agent', '../x', 'a/b', 'a b', 'a\n', 'é', `a${'b'.repeat(64)}`])
          await rejects(() => tokens.add(bad), 'TypeError', `add(${JSON.stringify(bad)})`, TypeError);
        same(await tokens.list(), [], 'the tokens after the refused adds');
        await tokens.add(`a${'b'.repeat(63)}`);
        same((await tokens.list()).length, 1, 'the tokens after an add of a 64-character name');
      }),
      test(
        'tokens',
        'a token added through one instance is verified by another; a revoke through the other is refused by the first at once',
        big,
        async (stores) => {
          const tokens = need(stores);
          const other =
            (await stores.another()).tokens ?? fail('another() has no tokens: give a second token store on the same storage, or skip this test with a reason');
          const token = await tokens.add('agent');
          same(await other.verify(token), { name: 'agent' }, 'the other instance’s verify');
          same(
            (await other.list()).map((t) => t.name),
            ['agent'],
            'the other instance’s list',
          );
          await rejects(() => other.add('agent'), 'TokenNameTakenError', 'an add of the same name through the other instance', TokenNameTakenError);
          same(await other.revoke('agent'), true, 'the other instance’s revoke');
          same(await tokens.verify(token), null, 'the first instance’s verify after the other revoked');
        },
      ),
    ],
  };
}

function need(stores: StoresUnderTest): ManagedTokenStore {
  return stores.tokens ?? fail('the stores under test have no tokens: give the token store, or skip the tokens section with a reason');
}
