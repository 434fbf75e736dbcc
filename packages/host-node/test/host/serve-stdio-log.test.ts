import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { tempDir } from '@xcap/test-support';
import { describe, expect, it, vi } from 'vitest';
import { serveStdio } from '../../src/mcp/serve-stdio.js';

vi.setConfig({ testTimeout: 60_000 });

describe('serveStdio log lines', () => {
  it('a flood of oversized input lines writes a bounded number of notices, then how many were suppressed', async () => {
    const stdin = new PassThrough();
    const log: string[] = [];
    const serve = await serveStdio({
      manifest: { id: 'acme.album', screens: ['albums'], capabilities: [] },
      dataDir: join(tempDir(), 'data'),
      stdin,
      stdout: new PassThrough(),
      log: (line) => log.push(line),
      maxMessageBytes: 64,
    });
    const lines = 2_000;
    stdin.end(`${'x'.repeat(100)}\n`.repeat(lines));
    await serve.closed;
    const notices = log.filter((line) => line.startsWith('xcap serve: discarded an input line of 100 bytes'));
    const summaries = log.map((line) => /^xcap serve: connection: … (\d+) similar line\(s\) suppressed$/.exec(line)?.[1]).filter((n) => n !== undefined);
    expect(notices.length).toBeGreaterThan(0);
    expect(notices.length).toBeLessThanOrEqual(100);
    expect(notices.length + summaries.reduce((sum, n) => sum + Number(n), 0)).toBe(lines);
  });
});
