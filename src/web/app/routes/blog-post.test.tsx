// @vitest-environment jsdom
/**
 * /blog/{slug}: the app's first render over the server's page (start.tsx mounts with
 * Preact's `render` into the server's #root) changes nothing (docs/decisions.md, issue 10):
 * the server's markup (server/pages/content.ts `blogPostMain`) is the app's, the body
 * included. Mounted here over the server's HTML of a post with rich content; every DOM
 * change is recorded. This fails when the server's markup, the shared classes, the
 * Button's or a Lucide icon's output drift apart.
 */
import type { BlogPost } from '@shared/schemas/blog';
import { afterEach, describe, expect, it } from 'vitest';
import { unmount, withTimeZone } from '@/test/dom';
import { mountOverServerHtml } from '@/test/mount-over';
import { blogPostMain } from '../../../server/pages/content';
import { Component as BlogPostPage } from './blog-post';

// As the server stores it: sanitised on write (links that open a tab carry rel).
const CONTENT = `<p>Pins &amp; markers &lt;for&gt; clubs, <strong>bold</strong> and <em>em</em>.</p>
<h2>Plating</h2>
<ul><li>Gold</li><li>Silver <a href="https://example.com/a" target="_blank" rel="noopener noreferrer">guide</a></li></ul>
<p>Line<br>break and <a href="/wholesale">a pin</a>.</p>
<img src="/api/files/abc" alt="A pin" width="300" height="200">
<table><tr><td>25</td><td>20% off</td></tr></table>
<blockquote><p>Quote</p></blockquote>`;

const post: BlogPost = {
  id: 7,
  title: 'Plating & Colours: "Gold" or <Silver>?',
  slug: 'plating-and-colours',
  excerpt: 'Which plating suits which colours.',
  category: 'tips',
  featuredImage: '/api/files/banner',
  tags: ['plating', 'soft enamel'],
  isPublished: true,
  // Early in the UTC day: March 5 in UTC and for the reader in Tokyo (see TZ below), still
  // March 4 for the shop in San Diego, whose day the server sends.
  publishedAt: '2026-03-05T02:30:00.000Z',
  publishedDay: '2026-03-04',
  metaTitle: null,
  metaDescription: null,
  viewCount: 1234,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-06T10:00:00.000Z',
  content: CONTENT,
};

// A reader east of the shop: the date the server writes (the shop's day) must be the app's
// too, not the reader's own day or UTC's.
withTimeZone('Asia/Tokyo');

let root: HTMLElement | undefined;
afterEach(async () => {
  await unmount(root);
});

/** Mounts the post page as start.tsx does over the server's main; returns the DOM changes. */
async function mountPost(p: BlogPost) {
  let server = {
    heading: null as Element | null,
    image: null as Element | null,
    body: null as Element | null,
    bodyNodes: [] as ChildNode[],
    all: [] as Element[],
  };
  const mounted = await mountOverServerHtml({
    html: blogPostMain(p),
    path: '/blog/:slug',
    url: `/blog/${p.slug}`,
    Component: BlogPostPage,
    data: [[['/api/blog', p.slug], p]],
    // What the server wrote, as it was before the app rendered over it.
    beforeMount: (r) => {
      server = {
        heading: r.querySelector('h1'),
        image: r.querySelector('article > img'),
        body: r.querySelector('.prose-post'),
        bodyNodes: [...r.querySelector('.prose-post')!.childNodes],
        all: [...r.querySelectorAll('*')],
      };
    },
  });
  root = mounted.root;
  return { root: mounted.root, server, changes: mounted.changes };
}

describe('/blog/{slug} mounted over the server page', () => {
  it('changes no node, text or attribute value: the server markup is the app markup', async () => {
    expect(new Date(post.publishedAt!).getDate(), "the reader's own day").toBe(5);
    const { root, server, changes } = await mountPost(post);
    expect(changes).toEqual([]);
    // The app rendered what it should (so an empty change list means a match, not no render).
    expect(root.querySelector('h1')).toBe(server.heading);
    expect(root.querySelector('h1')?.textContent).toBe(post.title);
    expect(root.querySelector('article > img')).toBe(server.image);
    expect(root.querySelector('.prose-post')).toBe(server.body);
    expect([...root.querySelector('.prose-post')!.childNodes]).toEqual(server.bodyNodes);
    expect(server.bodyNodes.length).toBeGreaterThan(10);
    expect([...root.querySelectorAll('*')]).toEqual(server.all);
    expect(root.querySelector('header')?.textContent).toBe(
      `Tips${post.title}March 4, 20261,234 viewsShare`,
    );
    expect(
      [...root.querySelectorAll('[aria-label="Tags"] li')].map((li) => li.textContent),
    ).toEqual(['#plating', '#soft enamel']);
    expect(root.querySelector('a[target="_blank"]')?.getAttribute('rel')).toBe(
      'noopener noreferrer',
    );
  });

  it('also without an image, tags or views (one view)', async () => {
    const { server, changes } = await mountPost({
      ...post,
      featuredImage: null,
      tags: [],
      viewCount: 1,
      publishedAt: null,
      publishedDay: '2026-03-01',
      content: '<p>Short.</p>',
    });
    expect(changes).toEqual([]);
    expect(server.image).toBeNull();
    expect(server.heading?.nextElementSibling?.textContent).toContain('March 1, 2026');
    expect(server.heading?.nextElementSibling?.textContent).toContain('1 view');
  });
});
