/**
 * The generated Kotlin (`dev.xcap.nativetypes`, packages/catalog/native)
 * read by a real Kotlin compiler: kotlinc 2.4.20 from the npm registry's
 * `kotlin-compiler` (cached, see kotlin-compiler.ts) on the machine's JDK,
 * warnings as errors. The kotlinx.serialization runtime jar is on neither
 * npm nor Debian, so the file compiles against stand-ins of the annotations
 * it uses (test/kotlin/*.kt, the real ones' targets and opt-in level) and
 * WITHOUT the serialization plugin: the plugin's own checks, the generated
 * serializers and the JSON they write are NOT checked here. What is: the
 * file is valid Kotlin for this compiler, every annotation is used where
 * the real one is allowed, and — read back from the compiled classes with
 * Kotlin reflection — every native input and output class has exactly its
 * schema's fields, nullable and defaulted as the schema says, with
 * `@EncodeDefault(ALWAYS)` on each required field that may be null. Where
 * no JDK is found the tests are skipped and say why.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadCatalog, nativeInputSchema, type Schema } from '@xcap/catalog/core';
import { emitNative, kotlinPackage, swiftModule } from '../src/emit-native.js';
import { withHeader } from '../src/header.js';
import { pascal } from '../src/naming.js';
import { findJava, kotlinCompiler, kotlinCompilerVersion, repoRoot } from './kotlin-compiler.js';

// Spawns processes (compilers, npm, git, node): slow on a loaded machine, so 60 s a test instead of the shared 20 s.
vi.setConfig({ testTimeout: 60_000 });

const kotlinPath = `native/src/main/kotlin/${kotlinPackage.split('.').join('/')}/${swiftModule}.kt`;
const committed = join(repoRoot, 'packages/catalog', kotlinPath);
const standins = fileURLToPath(new URL('./kotlin/', import.meta.url));
const catalog = loadCatalog(JSON.parse(readFileSync(join(repoRoot, 'fixtures/capabilities.json'), 'utf8')));
const java = findJava();
if ('reason' in java) console.warn(`kotlinc-compile: skipped — ${java.reason}`);

interface Param {
  readonly name: string;
  readonly nullable: boolean;
  readonly optional: boolean;
  readonly encodeAlways: boolean;
}

const scratch = mkdtempSync(join(tmpdir(), 'xcap-kotlinc-'));
let compile: { status: number | null; output: string; lib: string } | undefined;
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Each native tool's two classes with the schema quicktype generated them from. */
function nativeClasses(): { cls: string; schema: Schema }[] {
  return catalog.tools
    .filter((tool) => tool.runs === 'native' && tool.nativeOutputSchema)
    .flatMap((tool) => [
      { cls: `${pascal(tool.name)}NativeInput`, schema: nativeInputSchema(tool) },
      { cls: `${pascal(tool.name)}NativeOutput`, schema: tool.nativeOutputSchema! },
    ]);
}

/** The constructor parameters a class for `schema` must have (sorted by name). */
function expectedParams(schema: Schema): Param[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {})
    .map(([name, s]) => {
      const req = required.has(name);
      const nullable = Array.isArray(s.type) && s.type.includes('null');
      return { name, nullable: !req || nullable, optional: !req || nullable, encodeAlways: req && nullable };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

describe.skipIf('reason' in java)(
  `the generated Kotlin, compiled by kotlinc ${kotlinCompilerVersion} against stand-in kotlinx.serialization annotations (no serialization plugin or runtime: no JSON round-trip)`,
  () => {
    beforeAll(() => {
      const started = performance.now();
      const compiler = kotlinCompiler();
      const fetched = performance.now();
      const sources = [
        ...readdirSync(standins)
          .filter((f) => f.endsWith('.kt'))
          .map((f) => join(standins, f)),
        committed,
      ];
      const result = spawnSync(compiler.kotlinc, ['-Werror', '-d', join(scratch, 'classes'), ...sources], {
        encoding: 'utf8',
        env: { ...process.env, JAVA_HOME: process.env['JAVA_HOME'] ?? join((java as { java: string }).java, '..', '..') },
      });
      compile = { status: result.status, output: `${result.stdout}${result.stderr}${result.error?.message ?? ''}`, lib: compiler.lib };
      console.log(
        `kotlinc-compile: compiler ${compiler.fetched ? 'fetched and unpacked' : 'from cache'} in ${Math.round(fetched - started)} ms, compile ${Math.round(performance.now() - fetched)} ms`,
      );
    }, 600_000);

    it('the committed XcapNative.kt is what the generator writes from the fixture now', async () => {
      const fresh = (await emitNative(catalog)).find((f) => f.path === kotlinPath);
      expect(fresh).toBeDefined();
      expect(withHeader(kotlinPath, fresh!.content, 'fixtures/capabilities.json')).toBe(readFileSync(committed, 'utf8'));
    });

    it('XcapNative.kt compiles with no error and no warning', () => {
      expect(compile?.output).toBe('');
      expect(compile?.status).toBe(0);
    });

    it("every native input and output class has its schema's fields: nullable and defaulted as the schema says, @EncodeDefault(ALWAYS) on a required field that may be null", () => {
      expect(compile?.status).toBe(0);
      const classes = nativeClasses();
      expect(classes.length).toBeGreaterThan(20);
      const classpath = [join(scratch, 'classes'), join(compile!.lib, 'kotlin-stdlib.jar'), join(compile!.lib, 'kotlin-reflect.jar')].join(':');
      const probe = spawnSync((java as { java: string }).java, ['-cp', classpath, 'xcap.probe.ProbeKt', ...classes.map((c) => `${kotlinPackage}.${c.cls}`)], {
        encoding: 'utf8',
      });
      expect(probe.stderr).toBe('');
      const seen = JSON.parse(probe.stdout) as Record<string, Param[]>;
      for (const { cls, schema } of classes) {
        const actual = [...seen[`${kotlinPackage}.${cls}`]!].sort((a, b) => a.name.localeCompare(b.name));
        expect(actual, cls).toEqual(expectedParams(schema));
      }
    });
  },
);
