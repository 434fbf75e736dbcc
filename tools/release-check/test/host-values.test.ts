/**
 * Every `host` a capability of the catalog is reserved for (`host: "ede"`)
 * is explained where a new reader meets it: the README and the host teams'
 * guide name the value and say what that host is.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './workspace-packages.js';

const catalog = JSON.parse(readFileSync(join(repoRoot, 'fixtures/capabilities.json'), 'utf8')) as { capabilities: { name: string; host?: string }[] };
const hosts = [...new Set(catalog.capabilities.flatMap((c) => (c.host === undefined ? [] : [c.host])))];

describe('the catalog’s host values are explained', () => {
  it('the catalog reserves capabilities for at least one host', () => {
    expect(hosts.length).toBeGreaterThan(0);
  });

  it.each(['README.md', 'docs/guides/host-teams.md'])('%s names each host value, its capabilities, and that other hosts answer unavailable', (file) => {
    const text = readFileSync(join(repoRoot, file), 'utf8').replace(/\s+/g, ' ');
    for (const host of hosts) {
      expect(text).toContain(`host: "${host}"`);
      for (const cap of catalog.capabilities.filter((c) => c.host === host)) expect(text).toContain(`\`${cap.name}\``);
    }
    expect(text).toMatch(/every other host[^.]*`?unavailable`?/i);
  });
});
