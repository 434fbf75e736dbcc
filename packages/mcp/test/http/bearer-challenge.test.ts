import { describe, expect, it } from 'vitest';
import { bearerChallenge } from '../../src/http/bearer-challenge.js';

describe('bearerChallenge', () => {
  it('is the realm alone without anything else', () => {
    expect(bearerChallenge()).toBe('Bearer realm="xcap"');
    expect(bearerChallenge({ scopes: [] })).toBe('Bearer realm="xcap"');
  });

  it('lists realm, resource_metadata, error and scope, comma-separated, the scopes space-separated', () => {
    expect(
      bearerChallenge({ resourceMetadata: 'https://x.example/.well-known/oauth-protected-resource', error: 'insufficient_scope', scopes: ['a', 'b'] }),
    ).toBe('Bearer realm="xcap", resource_metadata="https://x.example/.well-known/oauth-protected-resource", error="insufficient_scope", scope="a b"');
  });

  it('escapes a quote and a backslash inside a quoted-string (a resource URL or scope a configuration got wrong)', () => {
    expect(bearerChallenge({ resourceMetadata: 'https://x.example/a"b', scopes: ['c\\d'] })).toBe(
      'Bearer realm="xcap", resource_metadata="https://x.example/a\\"b", scope="c\\\\d"',
    );
  });
});
