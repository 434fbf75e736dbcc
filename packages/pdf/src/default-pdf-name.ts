/**
 * The file name `print_pdf` stores a document under when no `name` is given
 * (clarification 8): the title with each of `/\:*?"<>|` and each control
 * character (U+0000–U+001F, U+007F–U+009F) replaced by `-`, plus `.pdf`.
 */
export function defaultPdfName(title: string): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < title.length; i++) {
    if (isReplaced(title.charCodeAt(i))) {
      out += title.slice(from, i) + '-';
      from = i + 1;
    }
  }
  return out + title.slice(from) + '.pdf';
}

function isReplaced(code: number): boolean {
  if (code <= 0x1f || (code >= 0x7f && code <= 0x9f)) return true;
  switch (code) {
    case 0x2f: // /
    case 0x5c: // \
    case 0x3a: // :
    case 0x2a: // *
    case 0x3f: // ?
    case 0x22: // "
    case 0x3c: // <
    case 0x3e: // >
    case 0x7c: // |
      return true;
    default:
      return false;
  }
}
