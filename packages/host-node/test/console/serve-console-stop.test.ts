import { rm } from 'node:fs/promises';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { connectAgent, requireBuilt, workspace } from '../e2e/xcap-process.js';
import { auditRows } from '../http/http-workspace.js';
import { consoleLoginUrl } from '../console-e2e/console-login-url.js';
import { signIn, waitForPending } from '../../../console/test/console-client.js';

// A real xcap serve child and the SDK client: more than the shared 20 s on a loaded 2-core machine.
vi.setConfig({ testTimeout: 60_000 });

beforeAll(requireBuilt);

/** Resolves once process `pid` has exited (polled: it is not our child). */
async function exited(pid: number): Promise<void> {
  for (;;) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('xcap serve --consent console stopping while a call waits on the person', () => {
  it('SIGTERM dismisses the waiting sheet at once: the call answers consentNeeded with its audit row, within the grace period, and the process exits', async () => {
    const ws = await workspace();
    try {
      const agent = await connectAgent(['--manifest', ws.manifest, '--data', ws.data, '--photos', ws.photos, '--foreground', '--consent', 'console']);
      const session = await signIn((await consoleLoginUrl(() => agent.stderr())).href);
      const call = agent.client.callTool({ name: 'photos__list', arguments: {} });
      await waitForPending(session, 'consent');
      const pid = agent.transport.pid;
      if (pid === null) throw new Error('xcap serve has no pid');
      process.kill(pid, 'SIGTERM');
      expect(await call).toMatchObject({ content: [{ type: 'text', text: 'denied: consentNeeded' }], isError: true });
      await exited(pid);
      // Without the stop hook the call held the shutdown for the whole grace period and lost its row.
      expect(agent.stderr()).not.toMatch(/still running after/);
      expect(agent.stderr()).not.toMatch(/cannot be written/);
      expect(auditRows(ws.data).map((row) => [row.tool, row.status, row.error])).toEqual([['photos__list', 'denied', 'consentNeeded']]);
      await agent.client.close();
    } finally {
      await rm(ws.root, { recursive: true, force: true });
    }
  });
});
