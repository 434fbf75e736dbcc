import { Server } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { mountCallPath } from '../src/index.js';
import { testCallPath } from './support/test-call-path.js';

describe('mountCallPath', () => {
  it('makes the MCP tool list at the first tools/list, not at the mount (over HTTP every request mounts on a server of its own)', () => {
    const { callPath } = testCallPath();
    let listed = 0;
    const counting = { ...callPath, listTools: () => (listed++, callPath.listTools()) };
    mountCallPath(new Server({ name: 'test', version: '1.0.0' }, { capabilities: { tools: {} } }), counting, { era: 'legacy' });
    mountCallPath(new Server({ name: 'test', version: '1.0.0' }, { capabilities: { tools: {} } }), counting, { era: 'modern' });
    expect(listed).toBe(0);
  });
});
