import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NativeContext } from '@xcap/catalog';
import type { AgentCallRequest, AgentLabel, ConsentRequest } from '../src/index.js';
import { ConsentPasses, maxConsentPasses } from '../src/consent-passes.js';
import { agentLabelBounds } from '../src/clip-agent-label.js';
import { appId, setup } from './setup.js';
import { errorOf } from '@xcap/test-support';

const now = Date.parse('2026-11-01T10:00:00Z');

/** An agent's photos__pick by run-7 with `agent` and `args`. */
const pick = (agent?: AgentLabel, args: unknown = {}): AgentCallRequest => ({
  from: 'agent',
  name: 'photos__pick',
  arguments: args,
  foreground: true,
  client: 'run-7',
  ...(agent === undefined ? {} : { agent }),
});

/** The agent label the first sheet of a call with `agent` shows. */
async function shown(agent: AgentLabel): Promise<ConsentRequest | undefined> {
  const { path, asked } = setup({}, ['dismiss']);
  await path.call(pick(agent));
  return asked[0];
}

beforeEach(() => {
  vi.useFakeTimers({ now });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createCallPath: the sheet names who asks, the tool and the arguments', () => {
  it('carries the agent label, the client, the tool id and description, and the arguments', async () => {
    const { path, asked } = setup({}, ['dismiss']);
    await path.call(pick({ name: 'Claude Desktop', version: '1.2', via: 'token laptop' }, { limit: 2 }));
    expect(asked[0]).toMatchObject({
      agent: { name: 'Claude Desktop', version: '1.2', via: 'token laptop' },
      client: 'run-7',
      tool: { id: 'photos_pick', description: expect.stringMatching(/^Let the person pick photos/) as string },
      arguments: { limit: 2 },
    });
  });

  it('an agent without a label is shown with every part null; the app’s UI with agent and client null', async () => {
    const { path, asked } = setup({}, ['dismiss', 'dismiss']);
    await path.call(pick());
    await path.call({ from: 'ui', name: 'photos_pick', foreground: true });
    expect(asked.map((r) => [r.agent, r.client, r.arguments])).toEqual([
      [{ name: null, version: null, via: null }, 'run-7', {}],
      [null, null, undefined],
    ]);
  });

  it('the arguments are a deep-frozen copy: what the UI holds cannot change what runs', async () => {
    const inputs: unknown[] = [];
    const { path, asked } = setup(
      {
        consent: (request) => {
          expect(() => ((request.arguments as { limit: number }).limit = 50)).toThrow(TypeError);
          return 'allowOnce';
        },
        providers: { photos: { pick: (input: unknown) => (inputs.push(input), { structuredContent: { photos: [] } }) } },
      },
      [],
    );
    const args = { limit: 2 };
    expect((await path.call(pick(undefined, args))).outcome).toBe('ok');
    expect(inputs).toEqual([{ limit: 2 }]);
    expect(asked).toEqual([]);
  });

  it('clips each part at its bound (code points, the last one …): name 100, version 50, via 200', async () => {
    expect(agentLabelBounds).toEqual({ name: 100, version: 50, via: 200 });
    const at = await shown({ name: 'n'.repeat(100), version: 'v'.repeat(50), via: 'w'.repeat(200) });
    expect(at?.agent).toEqual({ name: 'n'.repeat(100), version: 'v'.repeat(50), via: 'w'.repeat(200) });
    const over = await shown({ name: 'n'.repeat(101), version: 'v'.repeat(51), via: 'w'.repeat(201) });
    expect(over?.agent).toEqual({ name: `${'n'.repeat(99)}…`, version: `${'v'.repeat(49)}…`, via: `${'w'.repeat(199)}…` });
    // Astral characters count once and are never split.
    const astral = await shown({ name: '😀'.repeat(100), version: '😀'.repeat(51), via: null });
    expect(astral?.agent).toEqual({ name: '😀'.repeat(100), version: `${'😀'.repeat(49)}…`, via: null });
    expect(Object.isFrozen(astral?.agent)).toBe(true);
  });

  it('an agent that is not {name, version, via} of strings or null is a TypeError naming the part; a UI call has no agent', async () => {
    const { path, audit } = setup();
    await expect(path.call(pick('Claude' as never))).rejects.toThrow(errorOf(TypeError, /request\.agent must be an object \{name, version, via\}/));
    await expect(path.call(pick(null as never))).rejects.toThrow(errorOf(TypeError, /request\.agent must be an object/));
    await expect(path.call(pick([] as never))).rejects.toThrow(errorOf(TypeError, /request\.agent must be an object/));
    await expect(path.call(pick({ name: 'a', version: 1, via: null } as never))).rejects.toThrow(
      errorOf(TypeError, /request\.agent\.version must be a string or null/),
    );
    await expect(path.call(pick({ name: 'a', version: null } as never))).rejects.toThrow(errorOf(TypeError, /request\.agent\.via must be a string or null/));
    await expect(path.call(pick({ version: null, via: null } as never))).rejects.toThrow(errorOf(TypeError, /request\.agent\.name must be a string or null/));
    const label = { name: null, version: null, via: null };
    await expect(path.call({ from: 'ui', name: 'photos_pick', foreground: true, agent: label } as never)).rejects.toThrow(
      errorOf(TypeError, /a UI call has no agent/),
    );
    expect(audit.rows).toEqual([]);
  });
});

describe('createCallPath: the native is told who calls', () => {
  it('its context names the agent (clipped) and client of its call; null for the app’s UI', async () => {
    const contexts: NativeContext[] = [];
    const { path, grants } = setup({
      providers: { photos: { pick: (_input: unknown, context: NativeContext) => (contexts.push(context), { structuredContent: { photos: [] } }) } },
    });
    grants.set(appId, 'photos.read', 'granted');
    await path.call(pick({ name: `${'x'.repeat(120)}`, version: '2.4.0', via: null }));
    await path.call({ ...pick(), client: 'token:laptop' });
    await path.call({ from: 'ui', name: 'photos_pick', foreground: true });
    expect(contexts.map((c) => [c.agent, c.client])).toEqual([
      [{ name: `${'x'.repeat(99)}…`, version: '2.4.0', via: null }, 'run-7'],
      [{ name: null, version: null, via: null }, 'token:laptop'],
      [null, null],
    ]);
  });
});

describe('ConsentPasses', () => {
  it('keeps at most maxConsentPasses, dropping the oldest', () => {
    const passes = new ConsentPasses();
    expect(maxConsentPasses).toBe(1000);
    for (let i = 0; i <= maxConsentPasses; i++) passes.add('photos.read', `run-${i}`, now + 1000);
    expect(passes.size).toBe(maxConsentPasses);
    expect(passes.take('photos.read', 'run-0')).toBe(false);
    expect(passes.take('photos.read', 'run-1')).toBe(true);
    expect(passes.take('photos.read', `run-${maxConsentPasses}`)).toBe(true);
    expect(passes.size).toBe(maxConsentPasses - 2);
  });

  it('sweeps expired passes and never adds one already expired', () => {
    const passes = new ConsentPasses();
    passes.add('photos.read', 'run-7', now + 10);
    passes.add('photos.read', 'run-8', now + 20);
    passes.add('photos.read', 'run-9', now);
    expect(passes.size).toBe(2);
    vi.setSystemTime(now + 10);
    expect(passes.size).toBe(1);
    expect(passes.take('photos.read', 'run-7')).toBe(false);
    expect(passes.take('photos.read', 'run-8')).toBe(true);
  });

  it('takes the oldest of several for one scope and client; clear drops a scope’s only', () => {
    const passes = new ConsentPasses();
    passes.add('photos.read', 'run-7', now + 10);
    passes.add('photos.read', 'run-7', now + 20);
    passes.add('notifications.post', 'run-7', now + 20);
    expect(passes.take('photos.read', 'run-7')).toBe(true);
    vi.setSystemTime(now + 15);
    expect(passes.take('photos.read', 'run-7')).toBe(true);
    passes.add('photos.read', null, now + 30);
    passes.clear('photos.read');
    expect(passes.take('photos.read', null)).toBe(false);
    expect(passes.take('notifications.post', 'run-7')).toBe(true);
  });
});
