import { inspect } from 'node:util';
import { freePort } from '@xcap/test-support';
import { beforeAll, describe, expect, it } from 'vitest';
import { connectionSecrets, createPostgresStores, maskConnectionString, scrubSecrets } from '../src/index.js';

/**
 * Connection strings the URL parser cannot take apart as meant (an unencoded `?`, `#`, `/`, `@` or space in the
 * password, no scheme, a bad port, …), each holding a password whose every piece of four or more characters must
 * stay out of the masked text and out of the error `createPostgresStores` rejects with.
 */
const malformed: readonly (readonly [what: string, url: (port: number) => string, secret: string])[] = [
  ['an unencoded ? in the password', (p) => `postgres://ann:Zq9x?Secret1@127.0.0.1:${p}/x`, 'Zq9x?Secret1'],
  ['an unencoded # in the password', (p) => `postgres://ann:Zq9x#Secret2@127.0.0.1:${p}/x`, 'Zq9x#Secret2'],
  ['no scheme', (p) => `ann:Zq9xSecret3@127.0.0.1:${p}/x`, 'Zq9xSecret3'],
  ['a scheme-relative URL', (p) => `//ann:Zq9xSecret4@127.0.0.1:${p}/x`, 'Zq9xSecret4'],
  ['one slash after the scheme', (p) => `postgres:/ann:Zq9xSecret5@127.0.0.1:${p}/x`, 'Zq9xSecret5'],
  ['no slash after the scheme', (p) => `postgres:ann:Zq9xSecret6@127.0.0.1:${p}/x`, 'Zq9xSecret6'],
  ['an unencoded / in the password', (p) => `postgres://ann:Zq9x/Secret7@127.0.0.1:${p}/x`, 'Zq9x/Secret7'],
  ['an unencoded @ in the password', (p) => `postgres://ann:Zq9x@Secret8@127.0.0.1:${p}/x`, 'Zq9x@Secret8'],
  ['a bad percent-escape in the password', (p) => `postgres://ann:Zq9x%ZZSecret9@127.0.0.1:${p}/x`, 'Zq9x%ZZSecret9'],
  ['a space in the password', (p) => `postgres://ann:Zq9x Secret10@127.0.0.1:${p}/x`, 'Zq9x Secret10'],
  ['an unclosed IPv6 bracket', () => 'postgres://ann:Zq9xSecret11@[bad-host/x', 'Zq9xSecret11'],
  ['a port that is not a number', () => 'postgres://ann:Zq9xSecret12@127.0.0.1:notaport/x', 'Zq9xSecret12'],
  ['a port out of range', () => 'postgres://ann:Zq9xSecret13@127.0.0.1:99999/x', 'Zq9xSecret13'],
  ['an empty user name', (p) => `postgres://:Zq9xSecret14@127.0.0.1:${p}/x`, 'Zq9xSecret14'],
  ['no host after the @', () => 'postgres://ann:Zq9xSecret15@', 'Zq9xSecret15'],
  ['no @ at all', () => 'postgres://ann:Zq9xSecret16', 'Zq9xSecret16'],
  ['no @ and a ? in the password', () => 'postgres://ann:Zq9x?Secret17/x', 'Zq9x?Secret17'],
  ['another scheme', (p) => `mysql://ann:Zq9xSecret18@127.0.0.1:${p}/x`, 'Zq9xSecret18'],
  ['an upper-case scheme and an unencoded ?', (p) => `POSTGRES://ann:Zq9x?Secret19@127.0.0.1:${p}/x`, 'Zq9x?Secret19'],
  ['a # in a password parameter', (p) => `postgres://ann@127.0.0.1:${p}/x?password=Zq9x#Secret20`, 'Zq9x#Secret20'],
  ['a ? in an sslpassword parameter', (p) => `postgres://ann@127.0.0.1:${p}/x?sslpassword=Zq9x?Secret21`, 'Zq9x?Secret21'],
  ['leading white space', (p) => `  postgres://ann:Zq9xSecret22@127.0.0.1:${p}/x`, 'Zq9xSecret22'],
  ['a tab in the password', (p) => `postgres://ann:Zq9x\tSecret23@127.0.0.1:${p}/x`, 'Zq9x\tSecret23'],
  ['a ? and a # in the password', (p) => `postgres://ann:Zq9x?Secret24#frag@127.0.0.1:${p}/x`, 'Zq9x?Secret24#frag'],
  ['no scheme and a ? in the password', (p) => `ann:Zq9x?Secret25@127.0.0.1:${p}`, 'Zq9x?Secret25'],
  ['no colon after the scheme name', (p) => `postgres//ann:Zq9xSecret26@127.0.0.1:${p}/x`, 'Zq9xSecret26'],
  ['two @ in a row', (p) => `postgres://ann:Zq9xSecret27@@127.0.0.1:${p}/x`, 'Zq9xSecret27'],
  ['two ports', () => 'postgres://ann:Zq9xSecret28@127.0.0.1:5432:5433/x', 'Zq9xSecret28'],
  ['a newline in the password', (p) => `postgres://ann:Zq9x\nSecret29@127.0.0.1:${p}/x`, 'Zq9x\nSecret29'],
  ['no scheme, no @, a ? in the password', () => 'ann:Zq9x?Secret30', 'Zq9x?Secret30'],
];

/** The secret and each of its pieces of four or more characters between the characters a parser splits at. */
function piecesOf(secret: string): string[] {
  return [secret, ...secret.split(/[?#/@%\s]/).filter((piece) => piece.length >= 4)];
}

function leaked(text: string, secret: string): string[] {
  return piecesOf(secret).filter((piece) => text.includes(piece));
}

describe('malformed connection strings never echo their password', () => {
  let port = 0;
  beforeAll(async () => {
    port = await freePort();
  });

  it('the table has at least 26 cases', () => {
    expect(malformed.length).toBeGreaterThanOrEqual(26);
  });

  it.each(malformed)('%s: maskConnectionString hides it', (_what, url, secret) => {
    expect(leaked(maskConnectionString(url(port)), secret)).toEqual([]);
  });

  it.each(malformed)('%s: connectionSecrets names it, so scrubSecrets removes it from any text', (_what, url, secret) => {
    const text = `the server said: ${secret} ${url(port)}`;
    expect(leaked(scrubSecrets(text, connectionSecrets(url(port))), secret)).toEqual([]);
  });

  it.each(malformed)('%s: the error of createPostgresStores does not hold it', async (_what, url, secret) => {
    const error = await createPostgresStores(url(port), { connectTimeoutMs: 1000, migrate: false }).then(
      async (stores) => {
        await stores.close();
        return new Error('opened');
      },
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Error);
    expect(leaked(inspect(error, { depth: 10, showHidden: true }), secret)).toEqual([]);
  });
});
