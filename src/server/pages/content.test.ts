/** The server's markup has no whitespace text nodes between tags that the app's JSX would not have. */
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import type { BlogPost } from '../../shared/schemas/blog';
import { blogPostMain, frame, markup, wholesaleMain } from './content';

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

  const site = { name: 'Shop', email: 'a@b.c', city: 'Town', customerCount: '5' };
  const post: BlogPost = {
    id: 1,
    title: 'A <post>',
    slug: 'a-post',
    excerpt: null,
    category: 'news',
    featuredImage: '/api/files/x',
    tags: ['one'],
    isPublished: true,
    publishedAt: '2026-03-05T10:00:00.000Z',
    publishedDay: '2026-03-05',
    metaTitle: null,
    metaDescription: null,
    viewCount: 2,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    content: '<p>One</p>\n<p>Two</p>',
  };
  for (const [name, main] of [
    ['/wholesale', wholesaleMain([])],
    ['/blog/{slug}', blogPostMain(post)],
  ] as const) {
    it(`leaves no whitespace-only text node between the elements of a whole server page (${name})`, () => {
      const page = frame(site, main, { testMode: true });
      const { document, Node } = new JSDOM(`<div id="root">${page}</div>`).window;
      const blank: string[] = [];
      const walk = (node: Node) => {
        // The post's own HTML is left as it was written (the app renders the same nodes).
        if ((node as Element).classList?.contains('prose-post')) return;
        for (const child of node.childNodes) {
          if (child.nodeType === Node.TEXT_NODE && !child.textContent?.trim())
            blank.push((node as Element).tagName);
          walk(child);
        }
      };
      walk(document.getElementById('root')!);
      expect(blank).toEqual([]);
    });
  }
});

describe('frame', () => {
  const site = { name: 'Shop', email: 'a@b.c', city: 'Town', customerCount: '5' };
  const nameOf = (html: string) =>
    new JSDOM(html).window.document.querySelector('header a[href="/"] span');

  it("gives the store name the app's SiteLogo attributes only: its class, no box of a set width", () => {
    // web/components/layout/site-logo.tsx: the same attributes keep Preact's hydration from
    // rewriting the node; the name takes its natural width (the brand font never swaps in
    // late: `font-display: optional`, web/index.css).
    const name = nameOf(frame(site, '<main></main>'));
    expect(name?.textContent).toBe('Shop');
    expect(name?.getAttributeNames()).toEqual(['class']);
    expect(name?.getAttribute('class')).toBe(
      'truncate font-heading text-xl font-normal text-brand',
    );
  });
});
