/** A child `el` appends: a node, a string (always as a text node, never parsed as HTML), or nothing. */
export type Child = Node | string | null | undefined | false;

/**
 * A new HTML element with the given properties (`className`, `type`, `checked`, `htmlFor`, …)
 * and children; strings become text nodes, so nothing from the server is ever parsed as HTML.
 */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<Omit<HTMLElementTagNameMap[K], 'innerHTML' | 'outerHTML'>> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = Object.assign(document.createElement(tag), props);
  for (const child of children) if (child !== null && child !== undefined && child !== false) element.append(child);
  return element;
}
