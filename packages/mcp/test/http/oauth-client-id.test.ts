import { describe, expect, it } from 'vitest';
import { oauthClientId } from '../../src/http/oauth-client-id.js';

describe('oauthClientId', () => {
  it('names the client and the issuer without https:// (host and path; http:// kept)', () => {
    expect(oauthClientId('xcap-agent', 'https://login.example.com')).toBe('oauth:xcap-agent@login.example.com');
    expect(oauthClientId('xcap-agent', 'https://id.example/tenant-a')).toBe('oauth:xcap-agent@id.example/tenant-a');
    expect(oauthClientId('xcap-agent', 'http://127.0.0.1:8080')).toBe('oauth:xcap-agent@http://127.0.0.1:8080');
  });

  it('33/9: the same client of two issuers, and a client with an @ against an issuer path, never meet', () => {
    const ids = [
      oauthClientId('xcap-agent', 'https://login.example.com'),
      oauthClientId('xcap-agent', 'https://login.example.org'),
      oauthClientId('a@b', 'https://c'),
      oauthClientId('a', 'https://b@c'),
    ];
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids[2]).toBe('oauth:a%40b@c');
  });

  it('percent-encodes %, spaces, controls, non-ASCII (UTF-8) and a lone surrogate; keeps printable ASCII', () => {
    expect(oauthClientId('a%b c\n', 'https://i')).toBe('oauth:a%25b%20c%0A@i');
    expect(oauthClientId('é', 'https://i')).toBe('oauth:%C3%A9@i');
    expect(oauthClientId('\uD800', 'https://i')).toBe('oauth:%uD800@i');
    expect(oauthClientId('\uFFFD', 'https://i')).toBe('oauth:%EF%BF%BD@i');
    expect(oauthClientId('!$&/:?A~', 'https://i')).toBe('oauth:!$&/:?A~@i');
  });

  it('a client of 100 characters is kept; of 101 cut at 80 with a digest, two long ones apart', () => {
    expect(oauthClientId('c'.repeat(100), 'https://i')).toBe(`oauth:${'c'.repeat(100)}@i`);
    const long = oauthClientId(`${'c'.repeat(100)}1`, 'https://i');
    expect(long).toMatch(new RegExp(`^oauth:${'c'.repeat(80)}…[0-9a-f]{16}@i$`));
    expect(oauthClientId(`${'c'.repeat(100)}2`, 'https://i')).not.toBe(long);
    expect(oauthClientId('%'.repeat(40), 'https://i')).toMatch(/^oauth:(%25){26}%2…[0-9a-f]{16}@i$/);
  });
});
