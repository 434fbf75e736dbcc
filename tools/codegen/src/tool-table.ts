/**
 * The tool table kept beside the catalog (`fixtures/tool-annotations.json`):
 * every catalog tool's MCP `title` and `annotations`, with the reason for
 * its hints. Codegen merges it into the generated catalog; a table that
 * misses a tool, names a tool the catalog lacks, or has an unknown key is
 * refused, every problem named by its JSON pointer.
 */
import { parseJsonText, pointerAppend, type Catalog, type ToolAnnotations, type ToolDef } from '@xcap/catalog/core';

/** The table's file name beside the catalog. */
export const toolTableFileName = 'tool-annotations.json';

/** The text of a tool table and how errors name it. */
export interface ToolTableText {
  readonly text: string;
  /** The file as messages name it (`fixtures/tool-annotations.json`). */
  readonly source: string;
}

/** One row of the table, as codegen uses it. */
export interface ToolTableRow {
  readonly title: string;
  readonly annotations: ToolAnnotations;
  /** Why each hint was chosen (the catalog reference shows it; the generated catalog does not carry it). */
  readonly reason: string;
}

/** A table that does not fit the catalog: every problem, `<pointer>: <what is wrong>` (tools named). */
export class ToolTableError extends Error {
  /** Every problem, one line each. */
  readonly problems: readonly string[];
  constructor(source: string, problems: readonly string[]) {
    super(problems.length === 1 ? `${source}: ${problems[0]}` : `${source}: ${problems.length} problems\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'ToolTableError';
    this.problems = problems;
  }
}

const hintKeys = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;
const rowKeys = ['title', 'annotations', 'reason'] as const;
/** The longest title a row may give (clients show it in one line). */
export const toolTitleMaxLength = 60;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function unknownKeys(value: Record<string, unknown>, known: readonly string[], at: string, problems: string[], what: string): void {
  for (const key of Object.keys(value))
    if (!known.includes(key)) problems.push(`${pointerAppend(at, key)}: unknown key ${JSON.stringify(key)} (${what}: ${known.join(', ')})`);
}

function readRow(name: string, value: unknown, at: string, problems: string[]): ToolTableRow | undefined {
  if (!isObject(value)) {
    problems.push(`${at}: the row of ${name} must be an object with ${rowKeys.join(', ')}`);
    return undefined;
  }
  const before = problems.length;
  unknownKeys(value, rowKeys, at, problems, `a row has`);
  const { title, annotations, reason } = value;
  if (typeof title !== 'string' || title.trim() === '' || title.length > toolTitleMaxLength)
    problems.push(`${at}/title: ${name} needs a title of 1–${toolTitleMaxLength} characters`);
  if (typeof reason !== 'string' || reason.trim() === '') problems.push(`${at}/reason: ${name} needs the reason for its hints`);
  if (!isObject(annotations)) problems.push(`${at}/annotations: ${name} needs an object with ${hintKeys.join(', ')}`);
  else {
    unknownKeys(annotations, hintKeys, `${at}/annotations`, problems, 'the MCP hints are');
    for (const key of hintKeys)
      if (typeof annotations[key] !== 'boolean') problems.push(`${at}/annotations/${key}: ${name} needs ${key} (true or false, a reasoned choice)`);
  }
  if (problems.length > before || !isObject(annotations)) return undefined;
  const hints = annotations as Record<(typeof hintKeys)[number], boolean>;
  return {
    title: title as string,
    reason: reason as string,
    annotations: {
      readOnlyHint: hints.readOnlyHint,
      destructiveHint: hints.destructiveHint,
      idempotentHint: hints.idempotentHint,
      openWorldHint: hints.openWorldHint,
    },
  };
}

/**
 * Reads the table against `catalog`: a row for every tool of its `tools`
 * and for nothing else. Throws a `ToolTableError` naming every problem
 * (a missing row: `/tools/<name>: no row for the catalog's tool <name>`).
 */
export function readToolTable(table: ToolTableText, catalog: Catalog): ReadonlyMap<string, ToolTableRow> {
  let doc: unknown;
  try {
    doc = parseJsonText(table.text);
  } catch (error) {
    throw new Error(`${table.source}: not JSON: ${(error as Error).message}`);
  }
  const problems: string[] = [];
  if (!isObject(doc) || !isObject(doc.tools)) throw new ToolTableError(table.source, ['/tools: must be an object with a row per catalog tool']);
  unknownKeys(doc, ['$comment', 'tools'], '', problems, 'the table has');
  const rows = new Map<string, ToolTableRow>();
  const names = new Set(catalog.tools.map((t) => t.name));
  for (const [name, value] of Object.entries(doc.tools)) {
    const at = pointerAppend('/tools', name);
    if (!names.has(name)) {
      problems.push(`${at}: the catalog has no tool ${JSON.stringify(name)} (remove the row, or fix its name)`);
      continue;
    }
    const row = readRow(name, value, at, problems);
    if (row !== undefined) rows.set(name, row);
  }
  for (const tool of catalog.tools)
    if (!Object.hasOwn(doc.tools, tool.name))
      problems.push(
        `${pointerAppend('/tools', tool.name)}: no row for the catalog's tool ${JSON.stringify(tool.name)} (add its title, annotations and reason)`,
      );
  if (problems.length) throw new ToolTableError(table.source, problems);
  return rows;
}

/** The catalog with every tool's `title` and `annotations` from the table (read with `readToolTable`). */
export function withToolTable(catalog: Catalog, rows: ReadonlyMap<string, ToolTableRow>): Catalog {
  const tools = catalog.tools.map((tool): ToolDef => {
    const row = rows.get(tool.name);
    return row === undefined ? tool : { ...tool, title: row.title, annotations: row.annotations };
  });
  return { ...catalog, tools };
}
