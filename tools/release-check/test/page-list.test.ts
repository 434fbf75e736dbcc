import { describe, it, expect } from 'vitest';
import { misreadEntries, pageListEntries, visibleText } from './page-list.js';

const icon = '<a href="#x" aria-label="Permalink" class="tsd-anchor-icon"><svg><use href="#icon-anchor"></use></svg></a>';
const page = (nav: string, body: string) =>
  `<html><div class="tsd-navigation"><a href="#nope"><span>not the page list</span></a></div><details class="tsd-accordion tsd-page-navigation"><summary><h3>On This Page</h3></summary><div>${nav}</div></details><main>${body}</main></html>`;

describe('pageListEntries', () => {
  it('pairs each entry of the page list with the text of its heading, the permalink icon left out', () => {
    const html = page(
      '<a href="#input-inputschema"><span>Input (inputSchema)</span></a><ul><li><a href="#member" class="tsd-index-link"><svg></svg><span>member</span></a></li></ul>',
      `<h4 id="input-inputschema" class="tsd-anchor-link">Input (<code>inputSchema</code>)${icon.replace('#x', '#input-inputschema')}</h4><section><h3 id="member">member</h3></section>`,
    );
    expect(pageListEntries(html)).toEqual([
      { anchor: 'input-inputschema', text: 'Input (inputSchema)', heading: 'Input (inputSchema)' },
      { anchor: 'member', text: 'member', heading: undefined },
    ]);
  });

  it('is empty for a page without a page list', () => {
    expect(pageListEntries('<html><h1 id="a" class="tsd-anchor-link">A</h1></html>')).toEqual([]);
  });

  it('decodes entities and collapses white space', () => {
    expect(visibleText('<code>a &amp;&lt;b&gt;</code>\n  host&#39;s')).toBe("a &<b> host's");
  });
});

describe('misreadEntries', () => {
  it('reports the inline code TypeDoc 0.28 drops: "Input ()" and an empty entry', () => {
    const html = page(
      '<a href="#input-"><span>Input ()</span></a><a href="#_"><span></span></a><a href="#scopes"><span>Scopes</span></a>',
      `<h4 id="input-" class="tsd-anchor-link">Input (<code>inputSchema</code>)${icon}</h4><h3 id="_" class="tsd-anchor-link"><code>photos_pick</code>${icon}</h3><h2 id="scopes" class="tsd-anchor-link">Scopes${icon}</h2>`,
    );
    expect(misreadEntries(pageListEntries(html))).toEqual([
      '#input-: listed as "Input ()", heading reads "Input (inputSchema)"',
      '#_: listed as "", heading reads "photos_pick"',
    ]);
  });

  it('accepts an entry ending in "()" when its heading does too', () => {
    const html = page('<a href="#call"><span>call()</span></a>', `<h2 id="call" class="tsd-anchor-link">call()${icon}</h2>`);
    expect(misreadEntries(pageListEntries(html))).toEqual([]);
  });
});
