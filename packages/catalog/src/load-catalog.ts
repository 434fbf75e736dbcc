/**
 * `loadCatalog`: validates any capability catalog document and answers the
 * catalog with its case arrays stripped.
 */
import type { Capability, Catalog, ToolDef } from './catalog-types.js';
import { caseKinds } from './catalog-types.js';
import { deepFreeze } from './deep-freeze.js';
import { checkPdfTable } from './load/check-pdf-table.js';
import { checkSchema } from './load/check-schema.js';
import { checkV1 } from './load/check-v1.js';
import { fail, readArray, readBoolean, readObject, readString, readText, readUnique } from './load/reader.js';

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

/**
 * Validates a catalog document (the shape of `fixtures/capabilities.json`)
 * and returns a deep-frozen copy with `$comment` and the case arrays left
 * out. Throws a `CatalogError` naming the JSON pointer of the first problem
 * and the rule, e.g. `/capabilities/3/scopes/0/id: does not match scopePattern`.
 */
export function loadCatalog(doc: unknown): Catalog {
  const root = readObject(doc, '', ['scopePattern', 'reservedNames', 'capabilities', 'v1', 'tools', 'pdf'], ['$comment', ...caseKinds]);
  const scopePatternSource = readString(root.scopePattern, '/scopePattern');
  let scopePattern: RegExp;
  try {
    scopePattern = new RegExp(scopePatternSource, 'u');
  } catch {
    fail('/scopePattern', 'is not a valid regular expression');
  }
  const reserved = new Set<string>();
  readArray(root.reservedNames, '/reservedNames').forEach((name, i) => {
    const p = `/reservedNames/${i}`;
    readUnique(reserved, readText(name, p), p, 'reserved name');
  });

  const capabilities = readArray(root.capabilities, '/capabilities').map((c, i) => checkCapability(c, `/capabilities/${i}`, scopePattern, reserved));
  const capabilityNames = new Set<string>();
  const scopeIds = new Set<string>();
  capabilities.forEach((cap, i) => {
    readUnique(capabilityNames, cap.name, `/capabilities/${i}/name`, 'capability');
    cap.scopes.forEach((scope, j) => readUnique(scopeIds, scope.id, `/capabilities/${i}/scopes/${j}/id`, 'scope id'));
  });
  const scopeTools = new Set(capabilities.flatMap((cap) => cap.scopes.flatMap((s) => s.tools.map((t) => `${cap.name}_${t}`))));

  const toolNames = new Set<string>();
  let previous = '';
  const tools = readArray(root.tools, '/tools').map((t, i) => {
    const tool = checkTool(t, `/tools/${i}`, scopeTools);
    readUnique(toolNames, tool.name, `/tools/${i}/name`, 'tool');
    if (i > 0 && !(previous < tool.name)) fail(`/tools/${i}/name`, `is not sorted by name (after "${previous}")`);
    previous = tool.name;
    return tool;
  });

  const catalog: Catalog = {
    scopePattern: scopePatternSource,
    reservedNames: [...reserved],
    capabilities,
    v1: checkV1(root.v1),
    tools,
    pdf: checkPdfTable(root.pdf),
  };
  return deepFreeze(structuredClone(catalog));
}

function checkCapability(value: unknown, p: string, scopePattern: RegExp, reserved: ReadonlySet<string>): Capability {
  const cap = readObject(value, p, ['name', 'label', 'scopes'], ['host']);
  const name = readString(cap.name, `${p}/name`, hubServerNamePattern, 'the hub server name rule');
  if (reserved.has(name)) fail(`${p}/name`, `is a reserved name`);
  readText(cap.label, `${p}/label`);
  if (Object.hasOwn(cap, 'host')) readString(cap.host, `${p}/host`, hubServerNamePattern, 'the host name rule');
  const tools = new Set<string>();
  readArray(cap.scopes, `${p}/scopes`, true).forEach((s, j) => {
    const sp = `${p}/scopes/${j}`;
    const scope = readObject(s, sp, ['id', 'verb', 'consent', 'tools'], ['hostOnly', 'origins']);
    const id = readString(scope.id, `${sp}/id`, scopePattern, 'scopePattern');
    if (!id.startsWith(`${name}.`)) fail(`${sp}/id`, `does not start with its capability's name "${name}."`);
    readText(scope.verb, `${sp}/verb`);
    if (scope.consent !== 'ask' && scope.consent !== 'picker') fail(`${sp}/consent`, 'must be "ask" or "picker"');
    if (Object.hasOwn(scope, 'hostOnly')) readBoolean(scope.hostOnly, `${sp}/hostOnly`);
    if (Object.hasOwn(scope, 'origins')) readBoolean(scope.origins, `${sp}/origins`);
    readArray(scope.tools, `${sp}/tools`, true).forEach((t, k) => {
      const tp = `${sp}/tools/${k}`;
      readUnique(tools, readString(t, tp, toolNamePattern, 'the tool name rule'), tp, 'tool in this capability');
    });
  });
  return cap as unknown as Capability;
}

function checkTool(value: unknown, p: string, scopeTools: ReadonlySet<string>): ToolDef {
  const tool = readObject(value, p, ['name', 'runs', 'description', 'inputSchema', 'nativeOutputSchema', 'outputSchema']);
  const name = readString(tool.name, `${p}/name`);
  if (!scopeTools.has(name)) fail(`${p}/name`, 'is not <capability>_<tool> for a tool a scope lists');
  readText(tool.description, `${p}/description`);
  if (tool.runs === 'native') {
    if (tool.nativeOutputSchema === null) fail(`${p}/nativeOutputSchema`, 'is required for runs: native');
    checkObjectSchema(tool.nativeOutputSchema, `${p}/nativeOutputSchema`);
  } else if (tool.runs === 'engine') {
    if (tool.nativeOutputSchema !== null) fail(`${p}/nativeOutputSchema`, 'must be null for runs: engine');
    if (!engineTools.includes(name)) fail(`${p}/runs`, `the engine implements no tool "${name}"`);
  } else {
    fail(`${p}/runs`, 'must be "native" or "engine"');
  }
  checkObjectSchema(tool.inputSchema, `${p}/inputSchema`);
  checkObjectSchema(tool.outputSchema, `${p}/outputSchema`);
  return tool as unknown as ToolDef;
}

function checkObjectSchema(value: unknown, p: string): void {
  const schema = checkSchema(value, p);
  if (schema.type !== 'object') fail(`${p}/type`, 'must be "object" (tool arguments and results are objects)');
}


