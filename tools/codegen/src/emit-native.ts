/**
 * Emits the Swift and Kotlin types of every native input and output
 * (quicktype-core) for platform host teams, packaged the way a platform
 * build takes them, into the output's `native/`:
 * - a SwiftPM library `XcapNative` (`Package.swift`, `Sources/XcapNative/XcapNative.swift`,
 *   `Codable` + `Sendable` structs);
 * - a Gradle module (`build.gradle.kts`, `settings.gradle.kts`,
 *   `src/main/kotlin/dev/xcap/nativetypes/XcapNative.kt`, kotlinx.serialization
 *   `@Serializable` classes in the package `dev.xcap.nativetypes`, which Java
 *   can import too — `native` is a Java keyword).
 */
import { FetchingJSONSchemaStore, InputData, JSONSchemaInput, quicktype } from 'quicktype-core';
import type { Catalog, Schema } from '@xcap/catalog/core';
import { nativeInputSchema } from '@xcap/catalog/core';
import type { GeneratedFile } from './generated-file.js';
import { pascal } from './naming.js';
import { typeSchema } from './type-schema.js';

/** The Kotlin (and Java) package of the native types. */
export const kotlinPackage = 'dev.xcap.nativetypes';

/** The Swift module (and SwiftPM product) of the native types. */
export const swiftModule = 'XcapNative';

/** The kotlinx.serialization version the Gradle module depends on, and the Kotlin version of its plugins. */
const kotlinVersion = '2.1.0';
const serializationVersion = '1.7.3';

const languages = [
  {
    lang: 'swift',
    file: `native/Sources/${swiftModule}/${swiftModule}.swift`,
    options: { 'just-types': 'false', 'struct-or-class': 'struct', 'access-level': 'public', initializers: 'false', sendable: 'true' },
  },
  {
    lang: 'kotlin',
    file: `native/src/main/kotlin/${kotlinPackage.split('.').join('/')}/${swiftModule}.kt`,
    options: { framework: 'kotlinx', package: kotlinPackage },
  },
] as const;

const packageSwift = `// swift-tools-version:5.7
// The SwiftPM library of xcap's native input and output types: add this folder as a
// package dependency and \`import ${swiftModule}\`.
import PackageDescription

let package = Package(
    name: "${swiftModule}",
    platforms: [.iOS(.v13), .macOS(.v10_15), .tvOS(.v13), .watchOS(.v6)],
    products: [
        .library(name: "${swiftModule}", targets: ["${swiftModule}"]),
    ],
    targets: [
        .target(name: "${swiftModule}", path: "Sources/${swiftModule}"),
    ]
)
`;

const buildGradle = `// The Gradle module of xcap's native input and output types (kotlinx.serialization).
// Include it in a build (settings.gradle.kts):
//   include(":xcap-native")
//   project(":xcap-native").projectDir = file("node_modules/@xcap/catalog/native")
// and depend on it: implementation(project(":xcap-native")). Java code imports
// ${kotlinPackage}.* too. A build that already puts the Kotlin plugins on its
// classpath drops the two versions below.
plugins {
    kotlin("jvm") version "${kotlinVersion}"
    kotlin("plugin.serialization") version "${kotlinVersion}"
    \`java-library\`
}

group = "dev.xcap"

repositories {
    mavenCentral()
}

dependencies {
    api("org.jetbrains.kotlinx:kotlinx-serialization-json:${serializationVersion}")
}
`;

const settingsGradle = `// Lets the module build on its own (gradle build in this folder); an including build ignores it.
rootProject.name = "xcap-native"
`;

/** The description that marks a required, nullable property for the Kotlin and Swift post-processing (`alwaysEncodedKotlin`, `alwaysEncodedSwift`). */
const encodeAlwaysMark = 'XCAP_ENCODE_ALWAYS';

/**
 * The schema as the native types carry it on the wire: without `format`, so a
 * `date-time` stays the string the spec allows (RFC 3339 with a lowercase
 * `t`/`z` or a leap second, which `java.time.OffsetDateTime` refuses and a
 * Swift `Date` cannot hold with its offset) — the host parses it if it wants
 * to. A required property that may be null is marked (its description), so
 * the post-processing of each language can make it encode even when null.
 */
function wireSchema(schema: Schema): Schema {
  const { format: _format, ...rest } = schema;
  const s: { -readonly [K in keyof Schema]: Schema[K] } = rest;
  if (s.properties) {
    const required = new Set(s.required ?? []);
    s.properties = Object.fromEntries(
      Object.entries(s.properties).map(([k, v]) => {
        const wire = wireSchema(v);
        const nullable = Array.isArray(v.type) && v.type.includes('null');
        return [k, required.has(k) && nullable ? { ...wire, description: encodeAlwaysMark } : wire];
      }),
    );
  }
  if (s.items) s.items = wireSchema(s.items);
  if (s.anyOf) s.anyOf = s.anyOf.map((v) => wireSchema(v as Schema)) as never;
  return s;
}

/**
 * kotlinx.serialization leaves out a property equal to its default, and
 * quicktype gives every nullable property the default `null`: a required
 * nullable field (`takenAt: null`) would vanish from the JSON a Kotlin host
 * encodes, and the bridge would refuse the answer. Such properties get
 * `@EncodeDefault(EncodeDefault.Mode.ALWAYS)` instead of their marker, so the
 * classes work with the default `Json` as they are.
 */
function alwaysEncodedKotlin(kotlin: string): string {
  const marker = new RegExp(`^( *)/\\*\\*\\n *\\* ${encodeAlwaysMark}\\n *\\*/\\n`, 'gm');
  const out = kotlin.replace(marker, '$1@EncodeDefault(EncodeDefault.Mode.ALWAYS)\n');
  if (out.includes(encodeAlwaysMark)) throw new Error(`emitNative: quicktype wrote the ${encodeAlwaysMark} marker in an unexpected form`);
  return out === kotlin ? out : `@file:OptIn(ExperimentalSerializationApi::class)\n\n${out}`;
}

/**
 * Swift's synthesized `Encodable` leaves out an optional property that is
 * nil (`encodeIfPresent`): a required nullable field would vanish from the
 * JSON a Swift host encodes. Each struct with such a field gets an
 * `encode(to:)` (in an extension in the same file, which replaces the
 * synthesized one) that writes it as `null`; its other fields are written as
 * the synthesized code would.
 */
function alwaysEncodedSwift(swift: string): string {
  const lines = swift.split('\n');
  const out: string[] = [];
  const structs: { name: string; fields: { name: string; optional: boolean; always: boolean }[] }[] = [];
  let current: (typeof structs)[number] | undefined;
  let marked = false;
  for (const line of lines) {
    const struct = /^public struct (\w+): Codable/.exec(line);
    if (struct) current = { name: struct[1]!, fields: [] };
    if (line.trim() === `/// ${encodeAlwaysMark}`) {
      marked = true;
      continue;
    }
    const field = /^ {4}public let (\S+): (.+)$/.exec(line);
    if (field && current) {
      current.fields.push({ name: field[1]!, optional: field[2]!.endsWith('?'), always: marked });
      if (marked && !structs.includes(current)) structs.push(current);
    } else if (marked) {
      throw new Error(`emitNative: quicktype wrote the ${encodeAlwaysMark} marker before "${line.trim()}", not a struct field`);
    }
    marked = false;
    out.push(line);
  }
  if (structs.length === 0) return swift;
  const extensions = structs.map((st) => {
    const writes = st.fields.map((f) => `        try container.${f.optional && !f.always ? 'encodeIfPresent' : 'encode'}(${f.name}, forKey: .${f.name})`);
    const nulls = st.fields.filter((f) => f.always).map((f) => `\`${f.name.replace(/`/g, '')}\``);
    return [
      `extension ${st.name} {`,
      `    /// Writes ${nulls.join(', ')} as \`null\` when nil: the schema requires the key.`,
      `    public func encode(to encoder: Encoder) throws {`,
      `        var container = encoder.container(keyedBy: CodingKeys.self)`,
      ...writes,
      `    }`,
      `}`,
    ].join('\n');
  });
  return `${out.join('\n').trimEnd()}\n\n// MARK: - Required fields that may be null are written as null\n\n${extensions.join('\n\n')}\n`;
}

/** The native folder: the Swift package and the Gradle module with the types. */
export async function emitNative(catalog: Catalog): Promise<GeneratedFile[]> {
  const files: GeneratedFile[] = [
    { path: 'native/Package.swift', content: packageSwift },
    { path: 'native/build.gradle.kts', content: buildGradle },
    { path: 'native/settings.gradle.kts', content: settingsGradle },
  ];
  for (const { lang, file, options } of languages) {
    const input = new JSONSchemaInput(new FetchingJSONSchemaStore());
    for (const tool of catalog.tools) {
      if (tool.runs !== 'native' || !tool.nativeOutputSchema) continue;
      const p = pascal(tool.name);
      await input.addSource({ name: `${p}NativeInput`, schema: JSON.stringify(wireSchema(typeSchema(nativeInputSchema(tool)))) });
      await input.addSource({ name: `${p}NativeOutput`, schema: JSON.stringify(wireSchema(typeSchema(tool.nativeOutputSchema))) });
    }
    const inputData = new InputData();
    inputData.addInput(input);
    const result = await quicktype({ inputData, lang, rendererOptions: options, leadingComments: [] });
    const text = `${result.lines.join('\n').trim()}\n`;
    files.push({ path: file, content: lang === 'kotlin' ? alwaysEncodedKotlin(text) : alwaysEncodedSwift(text) });
  }
  return files;
}
