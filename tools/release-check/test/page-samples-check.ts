/**
 * Type-checks the docs' samples (`page-samples.ts`) as a reader's project
 * would: one folder per page beside the scratch project, whose
 * `node_modules` holds ONLY the packages the page's `npm install` lines name
 * (links into the scratch project's `node_modules`, where the packed
 * tarballs and the third-party packages are installed, so each package still
 * finds its own dependencies), a strict NodeNext `tsconfig` (the consumer
 * check's options), each whole-file sample a module of its own and each
 * quoted example file whole. One TypeScript program per page in this
 * process, the parsed `.d.ts` files shared between them.
 */
import { cpSync, existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { consumerCompilerOptions } from '@xcap/test-support';
import { quotedFile, type SamplePage } from './page-samples.js';

/** One type error of a page's samples, located on the page (and in the quoted example file, for a region sample). */
export interface SampleError {
  /** `docs/guides/host-teams.md:215` or `docs/guides/examples/call-path.ts:20 (quoted by docs/guides/host-teams.md:205)`, or a declaration file's path. */
  readonly where: string;
  /** `TS2304: Cannot find name 'sink'.` */
  readonly message: string;
}

/** The page's folder name under the samples folder: `docs/guides/host-teams.md` → `docs_guides_host-teams`. */
function pageFolderName(page: SamplePage): string {
  return page.name.replace(/\.md$/, '').replace(/[^A-Za-z0-9-]+/g, '_');
}

/** Links `name` in `<folder>/node_modules` to the scratch project's copy; throws when the project does not have it. */
function linkPackage(folder: string, project: string, name: string): void {
  const target = join(project, 'node_modules', name);
  const link = join(folder, 'node_modules', name);
  if (!existsSync(target))
    throw new Error(`the scratch project has no ${name}: add it to the install of pack-install.test.ts (third-party packages: the root's devDependencies)`);
  mkdirSync(dirname(link), { recursive: true });
  symlinkSync(target, link, 'dir');
}

/**
 * Writes `page`'s folder under `samplesDir`: package.json (ESM), the links
 * for its install line, one `sample-<line>.ts` per whole-file sample and a
 * copy of each quoted example's folder. Returns the program's root files,
 * each with how to name a line of it on the page.
 */
function writePageFolder(page: SamplePage, project: string, samplesDir: string, repoRoot: string): Map<string, (row: number) => string> {
  const folder = join(samplesDir, pageFolderName(page));
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'package.json'), `${JSON.stringify({ name: 'xcap-page-samples', private: true, type: 'module' }, null, 2)}\n`);
  const install = page.install ?? { dependencies: [], devDependencies: [] };
  for (const name of new Set([...install.dependencies, ...install.devDependencies])) linkPackage(folder, project, name);
  const roots = new Map<string, (row: number) => string>();
  const copied = new Map<string, string>();
  for (const sample of page.samples) {
    const quoted = quotedFile(page, sample);
    if (quoted === undefined) {
      const file = join(folder, `sample-${sample.line}.ts`);
      writeFileSync(file, `${sample.text}\n`);
      roots.set(file, (row) => `${page.name}:${sample.line + row}`);
      continue;
    }
    const source = dirname(quoted);
    let copy = copied.get(source);
    if (copy === undefined) {
      copy = join(folder, `quoted-${copied.size + 1}`);
      cpSync(source, copy, { recursive: true });
      copied.set(source, copy);
    }
    const file = join(copy, relative(source, quoted));
    if (!roots.has(file)) roots.set(file, (row) => `${relative(repoRoot, quoted)}:${row} (quoted by ${page.name}:${sample.line})`);
  }
  return roots;
}

/**
 * The compiler options of a page's folder: the strict consumer's, the page's own `@types` only, every file a module, and
 * `skipLibCheck` (the consumer type-check of scratch-checks.ts checks the published `.d.ts`; here each page would check them again, ~3 s a page).
 */
function pageOptions(folder: string): ts.CompilerOptions {
  const { types: _types, ...strict } = consumerCompilerOptions;
  const json = {
    ...strict,
    skipLibCheck: true,
    isolatedModules: true,
    noImplicitOverride: true,
    noEmit: true,
    moduleDetection: 'force',
    typeRoots: ['./node_modules/@types'],
  };
  const converted = ts.convertCompilerOptionsFromJson(json, folder);
  if (converted.errors.length > 0) throw new Error(ts.formatDiagnostics(converted.errors, formatHost));
  return converted.options;
}

const formatHost: ts.FormatDiagnosticsHost = {
  getCanonicalFileName: (f) => f,
  getCurrentDirectory: () => process.cwd(),
  getNewLine: () => '\n',
};

/**
 * Type-checks every page's samples in `samplesDir` (created), against the
 * packages installed in `project`. Returns every error, located on its page.
 */
export function checkPageSamples(pages: readonly SamplePage[], project: string, samplesDir: string, repoRoot: string): SampleError[] {
  const parsed = new Map<string, ts.SourceFile | undefined>();
  const errors: SampleError[] = [];
  for (const page of pages) {
    const roots = writePageFolder(page, project, samplesDir, repoRoot);
    const folder = join(samplesDir, pageFolderName(page));
    const options = pageOptions(folder);
    const host = ts.createCompilerHost(options);
    const read = host.getSourceFile.bind(host);
    host.getCurrentDirectory = () => folder;
    host.getSourceFile = (fileName, languageVersion, onError, fresh) => {
      if (roots.has(fileName) || fresh === true) return read(fileName, languageVersion, onError, fresh);
      const key = `${fileName}\0${JSON.stringify(languageVersion)}`;
      if (!parsed.has(key)) parsed.set(key, read(fileName, languageVersion, onError));
      return parsed.get(key);
    };
    const program = ts.createProgram({ rootNames: [...roots.keys()], options, host });
    for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
      const message = `TS${diagnostic.code}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
      const file = diagnostic.file;
      if (file === undefined || diagnostic.start === undefined) {
        errors.push({ where: page.name, message });
        continue;
      }
      const row = file.getLineAndCharacterOfPosition(diagnostic.start).line + 1;
      const locate = roots.get(file.fileName);
      errors.push({ where: locate === undefined ? `${page.name}: ${file.fileName}:${row}` : locate(row), message });
    }
  }
  return errors;
}
