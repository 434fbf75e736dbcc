/**
 * The SwiftPM package, checked by what can be checked without a Swift
 * compiler (none is on npm or in Debian): every file of it is what the
 * generator writes from the fixture now, and each native input and output
 * struct has exactly its schema's JSON keys (its `CodingKeys`), optional
 * where the schema lets the key be absent or null, and written as `null`
 * by its `encode(to:)` when the schema requires a key that may be null.
 * Whether Swift accepts the file is NOT checked here (native-compile.test.ts
 * builds it where `swift` is on PATH).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCatalog, nativeInputSchema, type Schema } from '@xcap/catalog/core';
import { emitNative, swiftModule } from '../src/emit-native.js';
import { withHeader } from '../src/header.js';
import { pascal } from '../src/naming.js';
import { repoRoot } from './kotlin-compiler.js';

const catalog = loadCatalog(JSON.parse(readFileSync(join(repoRoot, 'fixtures/capabilities.json'), 'utf8')));
const generated = await emitNative(catalog);
const swiftPath = `native/Sources/${swiftModule}/${swiftModule}.swift`;
const swift = readFileSync(join(repoRoot, 'packages/catalog', swiftPath), 'utf8');

interface Field {
  readonly key: string;
  readonly optional: boolean;
  readonly encodedWhenNil: boolean;
}

/** The struct `name`'s fields as the Swift text declares them. */
function swiftFields(name: string): Field[] {
  const start = swift.indexOf(`public struct ${name}: Codable`);
  expect(start, `struct ${name}`).toBeGreaterThanOrEqual(0);
  const body = swift.slice(start, swift.indexOf('\n}\n', start));
  const types = new Map([...body.matchAll(/^ {4}public let (\w+): (.+)$/gm)].map((m) => [m[1]!, m[2]!]));
  const keys = new Map([...body.matchAll(/^ {8}case (\w+) = "([^"]+)"$/gm)].map((m) => [m[1]!, m[2]!]));
  expect([...keys.keys()].sort(), `${name}: CodingKeys name every field`).toEqual([...types.keys()].sort());
  const extStart = swift.indexOf(`extension ${name} {`);
  const ext = extStart < 0 ? '' : swift.slice(extStart, swift.indexOf('\n}\n', extStart));
  return [...types].map(([field, type]) => ({
    key: keys.get(field)!,
    optional: type.endsWith('?'),
    encodedWhenNil: type.endsWith('?') && ext.includes(`try container.encode(${field}, forKey: .${field})`),
  }));
}

/** The fields a struct for `schema` must have. */
function expectedFields(schema: Schema): Field[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([key, s]) => {
    const nullable = Array.isArray(s.type) && s.type.includes('null');
    return { key, optional: !required.has(key) || nullable, encodedWhenNil: required.has(key) && nullable };
  });
}

const byKey = (a: Field, b: Field) => a.key.localeCompare(b.key);

describe('the SwiftPM package (no Swift compiler here: generated fresh and matched against the schemas)', () => {
  it('every file under native/ for Swift is what the generator writes from the fixture now', () => {
    const swiftFiles = generated.filter((f) => f.path.endsWith('.swift'));
    expect(swiftFiles.map((f) => f.path).sort()).toEqual(['native/Package.swift', swiftPath]);
    for (const f of swiftFiles) {
      expect(readFileSync(join(repoRoot, 'packages/catalog', f.path), 'utf8'), f.path).toBe(withHeader(f.path, f.content, 'fixtures/capabilities.json'));
    }
  });

  it("every native input and output struct has its schema's JSON keys, optional where absent or null is allowed, null written for a required nullable key", () => {
    const tools = catalog.tools.filter((t) => t.runs === 'native' && t.nativeOutputSchema);
    expect(tools.length).toBeGreaterThan(10);
    for (const tool of tools) {
      for (const [name, schema] of [
        [`${pascal(tool.name)}NativeInput`, nativeInputSchema(tool)],
        [`${pascal(tool.name)}NativeOutput`, tool.nativeOutputSchema!],
      ] as const) {
        expect(swiftFields(name).sort(byKey), name).toEqual(expectedFields(schema).sort(byKey));
      }
    }
  });
});
