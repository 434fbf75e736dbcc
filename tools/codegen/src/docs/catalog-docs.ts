/**
 * `catalogDocs`: the catalog reference — Markdown generated from a catalog
 * document: `index.md`, a page per capability under `capabilities/`, and
 * `broker-and-audit.md`. Pure and deterministic; every file starts with
 * the generated-file header. Links are relative.
 */
import type { GeneratedFile } from '../generated-file.js';
import { headerLine } from '../header.js';
import { readCatalogText } from '../read-catalog-text.js';
import { readToolTable, withToolTable, type ToolTableRow, type ToolTableText } from '../tool-table.js';
import { brokerAuditPage } from './broker-audit-page.js';
import { capabilityPage } from './capability-page.js';
import { capabilityPagePath, indexPage } from './index-page.js';

/**
 * The reference's files (paths relative to its folder, headers included)
 * for the catalog text; `source` names the catalog in the headers. Throws
 * the `CatalogError` of a bad catalog; with `toolTable` each tool shows its
 * title and MCP hints (and a table that does not fit throws its `ToolTableError`).
 */
export function catalogDocs(catalogText: string, source: string, toolTable?: ToolTableText): GeneratedFile[] {
  const { doc, catalog: read } = readCatalogText(catalogText, source);
  const rows = toolTable === undefined ? new Map<string, ToolTableRow>() : readToolTable(toolTable, read);
  const catalog = withToolTable(read, rows);
  const raw = (doc as { $comment?: unknown }).$comment;
  const comment = typeof raw === 'string' ? raw : Array.isArray(raw) && raw.every((l) => typeof l === 'string') ? raw.join('\n') : null;
  const files: GeneratedFile[] = [
    { path: 'index.md', content: indexPage(catalog) },
    { path: 'broker-and-audit.md', content: brokerAuditPage(comment) },
    ...catalog.capabilities.map((cap) => ({ path: capabilityPagePath(cap.name), content: capabilityPage(catalog, cap, comment, rows) })),
  ];
  return files
    .map((f) => ({ path: f.path, content: `${headerLine(f.path, source)}\n\n${f.content}` }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
