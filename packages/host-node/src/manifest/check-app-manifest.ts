import type { Catalog } from '@xcap/catalog';
import { validateManifest } from '@xcap/broker';
import type { AppManifest } from './app-manifest.js';
import { appIdPattern } from './app-id.js';

/** The answer of `checkAppManifest`: the manifest, or every problem as `<JSON pointer>: <rule>`. */
export type AppManifestCheck = { readonly ok: true; readonly manifest: AppManifest } | { readonly ok: false; readonly problems: string[] };

/**
 * Checks an app manifest document and lists EVERY problem as
 * `<JSON pointer>: <rule>` (the root is `/`): an object; `id` a string
 * matching `appIdPattern`; `screens` an array of distinct non-empty strings;
 * `capabilities` an array checked with `validateManifest` (its pointers
 * under `/capabilities`). Other keys of the package are left alone.
 */
export function checkAppManifest(catalog: Catalog, doc: unknown): AppManifestCheck {
  if (typeof doc === 'string')
    return { ok: false, problems: ['/: not an object {id, screens, capabilities} but a string (a file name? read the file with readAppManifest(file))'] };
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return { ok: false, problems: ['/: not an object {id, screens, capabilities}'] };
  const record = doc as Record<string, unknown>;
  const has = (key: string) => Object.prototype.hasOwnProperty.call(record, key);
  const problems: string[] = [];

  if (!has('id')) problems.push('/: missing key "id"');
  else if (typeof record.id !== 'string') problems.push('/id: not a string');
  else if (!appIdPattern.test(record.id)) problems.push('/id: not an app id (1 to 128 of A-Z a-z 0-9 . _ -, starting and ending with a letter or digit)');

  if (!has('screens')) problems.push('/: missing key "screens"');
  else if (!Array.isArray(record.screens)) problems.push('/screens: not an array');
  else {
    const seen = new Map<string, number>();
    (record.screens as unknown[]).forEach((screen, i) => {
      if (typeof screen !== 'string' || screen === '') problems.push(`/screens/${i}: not a non-empty string`);
      else if (seen.has(screen)) problems.push(`/screens/${i}: duplicate of /screens/${seen.get(screen)}`);
      else seen.set(screen, i);
    });
  }

  let capabilities: AppManifest['capabilities'] = [];
  if (!has('capabilities')) problems.push('/: missing key "capabilities"');
  else {
    const checked = validateManifest(catalog, record.capabilities);
    if (checked.ok) capabilities = checked.manifest;
    else problems.push(...checked.errors.map((error) => `/capabilities${error.startsWith('/:') ? error.slice(1) : error}`));
  }

  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, manifest: { id: record.id as string, screens: [...(record.screens as string[])], capabilities } };
}
