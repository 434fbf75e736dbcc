/**
 * The native packages the generator writes: a SwiftPM library and a Gradle
 * module whose Kotlin classes are kotlinx.serialization classes in a package
 * Java can import, usable as they are on the wire.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '@xcap/catalog/core';
import { emitNative, kotlinPackage, swiftModule } from '../src/emit-native.js';

const catalog = loadCatalog(JSON.parse(readFileSync(new URL('../../../fixtures/capabilities.json', import.meta.url), 'utf8')));
const files = await emitNative(catalog);
const file = (path: string): string => {
  const found = files.find((f) => f.path === path);
  if (!found) throw new Error(`no ${path} among ${files.map((f) => f.path).join(', ')}`);
  return found.content;
};
const kotlin = file('native/src/main/kotlin/dev/xcap/nativetypes/XcapNative.kt');
const swift = file(`native/Sources/${swiftModule}/${swiftModule}.swift`);

/** The Kotlin data class `name`'s text, up to its closing parenthesis. */
function kotlinClass(name: string): string {
  const start = kotlin.indexOf(`data class ${name} (`);
  expect(start, name).toBeGreaterThanOrEqual(0);
  return kotlin.slice(start, kotlin.indexOf('\n)', start));
}

describe('emitNative', () => {
  it('writes a SwiftPM library and a Gradle module with the kotlinx serialization plugin', () => {
    expect(files.map((f) => f.path).sort()).toEqual([
      'native/Package.swift',
      'native/Sources/XcapNative/XcapNative.swift',
      'native/build.gradle.kts',
      'native/settings.gradle.kts',
      'native/src/main/kotlin/dev/xcap/nativetypes/XcapNative.kt',
    ]);
    const pkg = file('native/Package.swift');
    expect(pkg.split('\n')[0]).toMatch(/^\/\/ swift-tools-version:5\.\d+$/);
    expect(pkg).toContain(`.library(name: "${swiftModule}", targets: ["${swiftModule}"])`);
    expect(pkg).toContain(`path: "Sources/${swiftModule}"`);
    const gradle = file('native/build.gradle.kts');
    expect(gradle).toMatch(/kotlin\("plugin\.serialization"\) version "[\d.]+"/);
    expect(gradle).toMatch(/org\.jetbrains\.kotlinx:kotlinx-serialization-json:[\d.]+/);
  });

  it('puts the Kotlin classes in a Java-importable package, each @Serializable', () => {
    expect(kotlinPackage).toBe('dev.xcap.nativetypes');
    expect(kotlin).toMatch(new RegExp(`^package ${kotlinPackage.replace(/\./g, '\\.')}$`, 'm'));
    const classes = [...kotlin.matchAll(/^(@Serializable\n)?data class (\w+)/gm)];
    expect(classes.length).toBeGreaterThan(20);
    for (const [, annotation, name] of classes) expect(annotation, name).toBe('@Serializable\n');
    expect(kotlin).toContain('data class PhotosPickNativeInput (');
  });

  it('encodes a required nullable field even when null, and leaves an optional one out', () => {
    // photos_list's native output: cursor is required and may be null; its native input's cursor is optional.
    expect(kotlinClass('PhotosListNativeOutput')).toMatch(/@EncodeDefault\(EncodeDefault\.Mode\.ALWAYS\)\n\s+val cursor: String\? = null/);
    expect(kotlinClass('PhotosListNativeInput')).not.toContain('@EncodeDefault');
    expect(kotlin.startsWith('@file:OptIn(ExperimentalSerializationApi::class)\n')).toBe(true);
    expect(kotlin).not.toContain('XCAP_ENCODE_ALWAYS');
  });

  it('writes a Swift required nullable field as null through an encode(to:) of its struct; optional fields stay encodeIfPresent', () => {
    expect(swift).not.toContain('XCAP_ENCODE_ALWAYS');
    const start = swift.indexOf('extension PhotosListNativeOutput {');
    expect(start).toBeGreaterThan(0);
    const ext = swift.slice(start, swift.indexOf('\n}\n', start));
    expect(ext).toContain('public func encode(to encoder: Encoder) throws {');
    expect(ext).toContain('try container.encode(cursor, forKey: .cursor)');
    expect(ext).toContain('try container.encode(photos, forKey: .photos)');
    // photos_list's native input has only optional fields: the synthesized encoding is right for it.
    expect(swift).not.toContain('extension PhotosListNativeInput {');
  });

  it('keeps date-time values as the strings the spec allows (no java.time, no Date)', () => {
    expect(kotlin).not.toContain('OffsetDateTime');
    expect(swift).not.toMatch(/: Date\??\b/);
    expect(swift).toMatch(/public let takenAt: String\?/);
  });
});
