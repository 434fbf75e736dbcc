/**
 * `loadCatalog`: validates any capability catalog document and answers the
 * catalog with its case arrays stripped.
 */
import type { Catalog } from './catalog-types.js';
import { caseKinds } from './catalog-types.js';
import { CatalogError } from './catalog-error.js';
import { deepFreeze } from './deep-freeze.js';
import { JsonTextError } from './json-text-error.js';
import { checkNesting } from './load/check-nesting.js';
import { checkPdfTable } from './load/check-pdf-table.js';
import { checkSchema } from './load/check-schema.js';
import { checkV1 } from './load/check-v1.js';
import { Problems } from './load/problems.js';
import { fail, isObj, readArray, readBoolean, readObject, readString, readText, readUnique, type Obj } from './load/reader.js';
import { parseJsonText } from './parse-json-text.js';

/**
 * A valid hub server name: lowercase letters, digits and inner hyphens,
 * starting with a letter, at most 64 characters. No `_`, so a UI name
 * `<capability>_<tool>` always splits at the capability's end.
 */
export const hubServerNamePattern = /^[a-z](?:[a-z0-9-]{0,62}[a-z0-9])?$/;

/** A bare tool name inside a capability (`pick`, `capture`). */
export const toolNamePattern = /^[a-z][a-z0-9]*$/;

/** The tools the engine itself implements (`runs: engine`). */
export const engineTools: readonly string[] = ['print_pdf'];

const sections = ['scopePattern', 'reservedNames', 'capabilities', 'v1', 'tools', 'pdf'] as const;

/**
 * Validates a catalog document (the shape of `fixtures/capabilities.json`)
 * and returns a deep-frozen copy with `$comment` and the case arrays left
 * out. Throws a `CatalogError` listing every problem, each with its JSON
 * pointer, the capability or tool it is in, and the rule, e.g.
 * `/capabilities/3 (focus)/scopes/0/id: does not match scopePattern`; its
 * `pointer` and `rule` are the first problem's. Values nested deeper than
 * `catalogNestingLimit` levels are refused before anything else. A string
 * is the document's JSON text (a catalog file as read): text that is not
 * JSON is a `CatalogError` at `/` whose rule is `is not JSON: line <l>,
 * column <c>: …` followed by the offending line and a caret
 * (`parseJsonText`), not a position in a file of 100 KB.
 */
export function loadCatalog(docOrText: unknown): Catalog {
  const doc = typeof docOrText === 'string' ? parseCatalogText(docOrText) : docOrText;
  const problems = new Problems();
  const catalog = problems.check(() => readCatalog(problems, doc));
  if (catalog === undefined || problems.size > 0) throw problems.error(doc);
  return deepFreeze(structuredClone(catalog));
}

function parseCatalogText(text: string): unknown {
  try {
    return parseJsonText(text);
  } catch (error) {
    if (error instanceof JsonTextError) throw new CatalogError('', `is not JSON: ${error.message}`);
    throw error;
  }
}

function readCatalog(problems: Problems, doc: unknown): Catalog | undefined {
  const root = readObject(problems, doc, '', sections, ['$comment', ...caseKinds]);
  if (sections.some((s) => Object.hasOwn(root, s) && checkNesting(problems, root[s], `/${s}`))) return undefined;
  const scopePattern = problems.check(() => {
    const source = readString(root.scopePattern, '/scopePattern');
    try {
      return new RegExp(source, 'u');
    } catch {
      fail('/scopePattern', 'is not a valid regular expression');
    }
  });
  const reserved = new Set<string>();
  problems
    .check(() => readArray(root.reservedNames, '/reservedNames'))
    ?.forEach((name, i) => {
      const p = `/reservedNames/${i}`;
      problems.check(() => readUnique(reserved, readText(name, p), p, 'reserved name'));
    });

  const capabilities = problems.check(() => readArray(root.capabilities, '/capabilities')) ?? [];
  capabilities.forEach((c, i) => problems.check(() => checkCapability(problems, c, `/capabilities/${i}`, scopePattern, reserved)));
  const capabilityNames = new Set<string>();
  const scopeIds = new Set<string>();
  const scopeTools = new Set<string>();
  capabilities.forEach((cap, i) => {
    const name = stringField(cap, 'name');
    if (name !== undefined) problems.check(() => readUnique(capabilityNames, name, `/capabilities/${i}/name`, 'capability'));
    const scopes = isObj(cap) && Array.isArray(cap.scopes) ? (cap.scopes as readonly unknown[]) : [];
    scopes.forEach((scope, j) => {
      const id = stringField(scope, 'id');
      if (id !== undefined) problems.check(() => readUnique(scopeIds, id, `/capabilities/${i}/scopes/${j}/id`, 'scope id'));
      const tools = isObj(scope) && Array.isArray(scope.tools) ? (scope.tools as readonly unknown[]) : [];
      for (const t of tools) if (typeof t === 'string' && name !== undefined) scopeTools.add(`${name}_${t}`);
    });
  });

  const toolNames = new Set<string>();
  let previous: string | undefined;
  const tools = problems.check(() => readArray(root.tools, '/tools')) ?? [];
  tools.forEach((t, i) => {
    problems.check(() => checkTool(problems, t, `/tools/${i}`, scopeTools));
    const name = stringField(t, 'name');
    if (name === undefined) return;
    problems.check(() => {
      readUnique(toolNames, name, `/tools/${i}/name`, 'tool');
      if (previous !== undefined && !(previous < name)) fail(`/tools/${i}/name`, `is not sorted by name (after "${previous}")`);
    });
    previous = name;
  });

  problems.check(() => checkV1(problems, root.v1));
  problems.check(() => checkPdfTable(problems, root.pdf));
  if (problems.size > 0) return undefined;
  return Object.fromEntries(sections.map((s) => [s, root[s]])) as unknown as Catalog;
}

/** The value's own string property `key`, if it is an object with one. */
function stringField(value: unknown, key: string): string | undefined {
  return isObj(value) && Object.hasOwn(value, key) && typeof value[key] === 'string' ? value[key] : undefined;
}

function checkCapability(problems: Problems, value: unknown, p: string, scopePattern: RegExp | undefined, reserved: ReadonlySet<string>): void {
  const cap = readObject(problems, value, p, ['name', 'label', 'scopes'], ['host']);
  const name = problems.check(() => {
    const n = readString(cap.name, `${p}/name`, hubServerNamePattern, 'the hub server name rule');
    if (reserved.has(n)) fail(`${p}/name`, `is a reserved name`);
    return n;
  });
  problems.check(() => readText(cap.label, `${p}/label`));
  if (Object.hasOwn(cap, 'host')) problems.check(() => readString(cap.host, `${p}/host`, hubServerNamePattern, 'the host name rule'));
  const tools = new Set<string>();
  problems
    .check(() => readArray(cap.scopes, `${p}/scopes`, true))
    ?.forEach((s, j) => {
      problems.check(() => checkScope(problems, s, `${p}/scopes/${j}`, name, scopePattern, tools));
    });
}

function checkScope(problems: Problems, value: unknown, sp: string, name: string | undefined, scopePattern: RegExp | undefined, tools: Set<string>): void {
  const scope = readObject(problems, value, sp, ['id', 'verb', 'consent', 'tools'], ['hostOnly', 'origins']);
  problems.check(() => {
    const id = readString(scope.id, `${sp}/id`);
    if (scopePattern !== undefined && !scopePattern.test(id)) fail(`${sp}/id`, 'does not match scopePattern');
    if (name !== undefined && !id.startsWith(`${name}.`)) fail(`${sp}/id`, `does not start with its capability's name "${name}."`);
  });
  problems.check(() => readText(scope.verb, `${sp}/verb`));
  if (Object.hasOwn(scope, 'consent') && scope.consent !== 'ask' && scope.consent !== 'picker') problems.add(`${sp}/consent`, 'must be "ask" or "picker"');
  if (Object.hasOwn(scope, 'hostOnly')) problems.check(() => readBoolean(scope.hostOnly, `${sp}/hostOnly`));
  if (Object.hasOwn(scope, 'origins')) problems.check(() => readBoolean(scope.origins, `${sp}/origins`));
  problems
    .check(() => readArray(scope.tools, `${sp}/tools`, true))
    ?.forEach((t, k) => {
      const tp = `${sp}/tools/${k}`;
      problems.check(() => readUnique(tools, readString(t, tp, toolNamePattern, 'the tool name rule'), tp, 'tool in this capability'));
    });
}

function checkTool(problems: Problems, value: unknown, p: string, scopeTools: ReadonlySet<string>): void {
  const tool = readObject(problems, value, p, ['name', 'runs', 'description', 'inputSchema', 'nativeOutputSchema', 'outputSchema']);
  const name = problems.check(() => {
    const n = readString(tool.name, `${p}/name`);
    if (!scopeTools.has(n)) fail(`${p}/name`, 'is not <capability>_<tool> for a tool a scope lists');
    return n;
  });
  problems.check(() => readText(tool.description, `${p}/description`));
  if (tool.runs === 'native') {
    problems.check(() => {
      if (tool.nativeOutputSchema === null) fail(`${p}/nativeOutputSchema`, 'is required for runs: native');
      checkObjectSchema(problems, tool.nativeOutputSchema, `${p}/nativeOutputSchema`);
    });
  } else if (tool.runs === 'engine') {
    problems.check(() => {
      if (Object.hasOwn(tool, 'nativeOutputSchema') && tool.nativeOutputSchema !== null) fail(`${p}/nativeOutputSchema`, 'must be null for runs: engine');
    });
    if (name !== undefined && !engineTools.includes(name)) problems.add(`${p}/runs`, `the engine implements no tool "${name}"`);
  } else if (Object.hasOwn(tool, 'runs')) {
    problems.add(`${p}/runs`, 'must be "native" or "engine"');
  }
  problems.check(() => checkObjectSchema(problems, tool.inputSchema, `${p}/inputSchema`));
  problems.check(() => checkObjectSchema(problems, tool.outputSchema, `${p}/outputSchema`));
}

function checkObjectSchema(problems: Problems, value: unknown, p: string): void {
  const schema: Obj = checkSchema(problems, value, p);
  if (schema.type !== 'object') problems.add(`${p}/type`, 'must be "object" (tool arguments and results are objects)');
}
