/**
 * Whether a file named `name` of type `mimeType` fits a files_open `accept`
 * list: each entry is a MIME type (`text/csv`), a MIME family (`image/*`),
 * a lone `*` or the star-slash-star type (anything), or an extension with or without its dot (`.csv`,
 * `csv`); case does not matter. An empty list accepts every file.
 */
export function acceptsFile(accept: readonly string[], name: string, mimeType: string): boolean {
  if (accept.length === 0) return true;
  const lowerName = name.toLowerCase();
  const lowerType = mimeType.toLowerCase();
  return accept.some((raw) => {
    const entry = raw.trim().toLowerCase();
    if (entry === '*' || entry === '*/*') return true;
    if (entry.includes('/')) return entry.endsWith('/*') ? lowerType.startsWith(entry.slice(0, -1)) : lowerType === entry;
    const ext = entry.startsWith('.') ? entry : `.${entry}`;
    return ext.length > 1 && lowerName.endsWith(ext);
  });
}
