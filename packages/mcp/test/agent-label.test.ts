import { describe, expect, it } from 'vitest';
import { agentLabel, agentText, httpVia, maxAgentNameChars, maxAgentVersionChars } from '../src/agent-label.js';

describe('agentLabel', () => {
  it('keeps the clientInfo name and version and the via', () => {
    expect(agentLabel({ name: 'Claude Desktop', version: '1.2' }, 'token laptop')).toEqual({ name: 'Claude Desktop', version: '1.2', via: 'token laptop' });
  });

  it('a missing, empty or non-string name or version is null; no clientInfo at all is two nulls', () => {
    expect(agentLabel({ name: '', version: 7 }, null)).toEqual({ name: null, version: null, via: null });
    expect(agentLabel(undefined, null)).toEqual({ name: null, version: null, via: null });
    expect(agentLabel('agent', null)).toEqual({ name: null, version: null, via: null });
    expect(agentLabel(null, 'token x')).toEqual({ name: null, version: null, via: 'token x' });
  });

  it('clips the name at 100 characters and the version at 50, the last one an ellipsis; at the bound nothing is cut', () => {
    const name = 'n'.repeat(maxAgentNameChars);
    const version = 'v'.repeat(maxAgentVersionChars);
    expect(agentLabel({ name, version }, null)).toEqual({ name, version, via: null });
    const long = agentLabel({ name: `${name}x`, version: `${version}x` }, null);
    expect(long.name).toBe(`${'n'.repeat(maxAgentNameChars - 1)}…`);
    expect(Array.from(long.name ?? '')).toHaveLength(maxAgentNameChars);
    expect(long.version).toBe(`${'v'.repeat(maxAgentVersionChars - 1)}…`);
  });

  it('counts characters, not UTF-16 units: an emoji is never split', () => {
    const name = '😀'.repeat(maxAgentNameChars + 1);
    expect(agentLabel({ name }, null).name).toBe(`${'😀'.repeat(maxAgentNameChars - 1)}…`);
  });
});

describe('agentText', () => {
  it('names the agent, its version and how it reached the host', () => {
    expect(agentText({ name: 'Claude Desktop', version: '1.2', via: 'token laptop' })).toBe('Claude Desktop 1.2 (token laptop)');
    expect(agentText({ name: 'agent', version: null, via: null })).toBe('agent');
    expect(agentText({ name: null, version: null, via: 'token ci' })).toBe('An agent (token ci)');
    expect(agentText(null)).toBe('An agent');
  });
});

describe('httpVia', () => {
  it('a static token is `token <name>`', () => {
    expect(httpVia({ client: 'token:laptop', token: { name: 'laptop' } })).toBe('token laptop');
  });

  it('an issuer that is not a URL is named as it is; an identity with neither token nor OAuth claims by its audit client', () => {
    expect(httpVia({ client: 'oauth:c', oauth: { issuer: 'not a url' } })).toBe('OAuth client c at not a url');
    expect(httpVia({ client: 'token:x' })).toBe('token:x');
    expect(httpVia({ client: 'agent-7', oauth: { issuer: 'https://id.example' } })).toBe('OAuth client agent-7 at id.example');
  });

  it('an OAuth client is named with its issuer host', () => {
    expect(httpVia({ client: 'oauth:xcap-agent', oauth: { issuer: 'https://login.example.com:8443/realms/x' } })).toBe(
      'OAuth client xcap-agent at login.example.com:8443',
    );
  });
});
