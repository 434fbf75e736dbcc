import { readFile, readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { requireBuilt } from '../e2e/xcap-process.js';

beforeAll(requireBuilt);

const packageRoot = fileURLToPath(new URL('../../', import.meta.url));
const bundle = join(packageRoot, 'dist/cli-bundle');

/** The package.json above a module file that has a name and a version (the package the file belongs to). */
async function ownerOf(file: string): Promise<{ name: string; version: string; license: string; dir: string }> {
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    const text = await readFile(join(dir, 'package.json'), 'utf8').catch(() => undefined);
    if (text === undefined) continue;
    const json = JSON.parse(text) as { name?: unknown; version?: unknown; license?: unknown };
    if (typeof json.name === 'string' && typeof json.version === 'string')
      return { name: json.name, version: json.version, license: String(json.license), dir };
  }
  throw new Error(`no package.json above ${file}`);
}

describe('the xcap bundle ships the licences of the third-party code it holds', () => {
  it('THIRD-PARTY-NOTICES.md names each inlined package with its version and licence, and holds its licence text', async () => {
    const meta = JSON.parse(await readFile(join(bundle, 'meta.json'), 'utf8')) as { modules: Record<string, string[]> };
    const thirdParty = new Map<string, Awaited<ReturnType<typeof ownerOf>>>();
    for (const input of new Set(Object.values(meta.modules).flat()))
      if (input.includes('/node_modules/')) {
        const owner = await ownerOf(join(packageRoot, input));
        thirdParty.set(owner.dir, owner);
      }
    // The bundle does hold the SDK's server and zod (what the notices are for).
    expect([...thirdParty.values()].map((owner) => owner.name)).toEqual(expect.arrayContaining(['@modelcontextprotocol/server', 'zod']));
    const notices = await readFile(join(bundle, 'THIRD-PARTY-NOTICES.md'), 'utf8');
    for (const owner of thirdParty.values()) {
      expect(notices).toContain(`## ${owner.name} ${owner.version} (${owner.license})`);
      // The licence file under any of the names the build accepts (LICENSE, LICENCE.md, COPYING, …); one must be there.
      const licenseFile = (await readdir(owner.dir)).find((file) => /^(licen[cs]e|copying)(\.(md|txt))?$/i.test(file));
      expect(licenseFile, `${owner.name} has a licence file`).toBeDefined();
      expect(notices).toContain((await readFile(join(owner.dir, licenseFile ?? ''), 'utf8')).trimEnd());
    }
  });
});
