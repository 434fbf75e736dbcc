const entities: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text made safe for an XML attribute or element (the JUnit reports): the five entities escaped, characters XML 1.0 cannot hold written as `\uXXXX`. */
export function xmlText(text: string): string {
  return text.replace(
    /[&<>"']|[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu,
    (ch) => entities[ch] ?? `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
