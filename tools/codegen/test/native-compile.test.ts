/**
 * The native packages under packages/catalog/native compile where their
 * compilers exist: the SwiftPM library with `swift build` (or `swiftc
 * -typecheck`), the Gradle module with `gradle compileKotlin`. Where a
 * compiler is not on PATH the test is skipped and says why — never faked.
 * The Kotlin package name is checked with `javac` (Java callers must be able
 * to import it; `native` is a Java keyword).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { delimiter, dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { kotlinPackage, swiftModule } from '../src/emit-native.js';

// The native folder of the installed @xcap/catalog (the workspace package: codegen writes it there).
const native = join(dirname(createRequire(import.meta.url).resolve('@xcap/catalog/package.json')), 'native');

function onPath(command: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const full = join(dir, command);
    if (dir && existsSync(full)) return full;
  }
  return null;
}

const swift = onPath('swift');
const swiftc = onPath('swiftc');
const gradle = onPath('gradle');
const javac = onPath('javac');
const scratch = mkdtempSync(join(tmpdir(), 'xcap-native-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function skipped(what: string, reason: string | null): boolean {
  if (reason !== null) console.warn(`native-compile: ${what} skipped — ${reason}`);
  return reason !== null;
}

describe('the native packages compile', () => {
  it.skipIf(skipped('Swift', swift || swiftc ? null : 'neither swift nor swiftc is on PATH'))(
    'Swift: the SwiftPM library builds',
    () => {
      const dir = join(scratch, 'swift');
      cpSync(native, dir, { recursive: true });
      const result = swift
        ? spawnSync(swift, ['build'], { cwd: dir, encoding: 'utf8' })
        : spawnSync(swiftc!, ['-typecheck', '-module-name', swiftModule, `Sources/${swiftModule}/${swiftModule}.swift`], { cwd: dir, encoding: 'utf8' });
      expect(result.stderr + result.stdout).not.toMatch(/error:/);
      expect(result.status).toBe(0);
    },
    600_000,
  );

  it.skipIf(skipped('Kotlin', gradle ? null : 'gradle is not on PATH (the Gradle module needs the Kotlin and kotlinx.serialization plugins it resolves)'))(
    'Kotlin: the Gradle module compiles with kotlinx.serialization',
    () => {
      const dir = join(scratch, 'kotlin');
      cpSync(native, dir, { recursive: true });
      const result = spawnSync(gradle!, ['--no-daemon', '-q', 'compileKotlin'], { cwd: dir, encoding: 'utf8' });
      expect(result.stderr).not.toMatch(/^e: /m);
      expect(result.status).toBe(0);
    },
    900_000,
  );

  it.skipIf(skipped('Java package name', javac ? null : 'javac is not on PATH'))(
    'the Kotlin package name is a legal Java package (and `native` is not)',
    () => {
      const compile = (pkg: string) => {
        const dir = join(scratch, `java-${pkg.replace(/\./g, '-')}`);
        mkdirSync(dir, { recursive: true });
        writeFileSync(join(dir, 'Probe.java'), `package ${pkg};\npublic class Probe {}\n`);
        return spawnSync(javac!, ['-d', join(dir, 'out'), join(dir, 'Probe.java')], { encoding: 'utf8' });
      };
      expect(compile(kotlinPackage).status).toBe(0);
      const keyword = compile('dev.xcap.native');
      expect(keyword.status).not.toBe(0);
    },
    120_000,
  );
});
