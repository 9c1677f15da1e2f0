/** The server's markup has no whitespace text nodes between tags that the app's JSX would not have. */
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { frame, markup, wholesaleMain } from './content';

describe('markup', () => {
  it("drops the template's own line breaks between tags and keeps interpolated values as they are", () => {
    const content = '<p>one</p>\n<pre>a\n  b</pre>';
    const html = markup`<main>
  <h1>${'Title'}</h1>
  <div>${content}</div>
  <p>Ships in ${'1-2 days'} to you</p>
</main>`;
    expect(html).toBe(
      `<main><h1>Title</h1><div>${content}</div><p>Ships in 1-2 days to you</p></main>`,
    );
  });

  it('leaves no whitespace-only text node between the elements of a whole server page', () => {
    const page = frame(
      { name: 'Shop', email: 'a@b.c', city: 'Town', customerCount: '5' },
      wholesaleMain([]),
      { testMode: true },
    );
    const { document, Node } = new JSDOM(`<div id="root">${page}</div>`).window;
    const blank: string[] = [];
    const walk = (node: Node) => {
      for (const child of node.childNodes) {
        if (child.nodeType === Node.TEXT_NODE && !child.textContent?.trim())
          blank.push((node as Element).tagName);
        walk(child);
      }
    };
    walk(document.getElementById('root')!);
    expect(blank).toEqual([]);
  });
});
