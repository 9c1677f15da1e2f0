/**
 * Blog API (back-office spec sections 2, 3, 7; issue 10): the public list and post,
 * views counted once per visitor per day (bots and repeats write nothing), sanitising of
 * what the admin writes, slugs, publish/unpublish, the admin guard, and two admins at
 * once (an edit from an older copy is refused; posts created at once keep their slugs apart).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlogPost, BlogPostSummary } from '../../shared/schemas/blog';
import { holdInTransaction, signedInClient } from '../catalog/testing';
import { blogPosts, blogPostViews } from '../db/schema';
import { createTestApp, type TestApp, TestClient } from '../test/app';
import { countView, POST_CHANGED_MESSAGE, pruneBlogViews } from './service';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36';
const ZONE = 'America/Los_Angeles';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe('blog API', () => {
  let t: TestApp;
  let anon: TestClient;
  let admin: TestClient;
  let customer: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    anon = new TestClient(t.app);
    admin = (await signedInClient(t, 'admin')).client;
    customer = (await signedInClient(t, 'user')).client;
  });
  afterAll(() => t.close());

  const base = {
    excerpt: 'A short summary.',
    content: '<p>Hello</p>',
    category: 'tips',
    tags: ['design'],
    isPublished: true,
  };

  async function create(body: Record<string, unknown>): Promise<BlogPost> {
    const res = await admin.post('/api/admin/blog', { ...base, ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  const viewCount = async (id: number) =>
    (await t.db.select().from(blogPosts).where(eq(blogPosts.id, id)))[0]!.viewCount;
  const viewRows = async (id: number) =>
    (
      await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(blogPostViews)
        .where(eq(blogPostViews.postId, id))
    )[0]!.n;

  it('lists published posts only, newest first, without content; drafts are 404', async () => {
    const older = await create({ title: 'Older Post' });
    await t.db
      .update(blogPosts)
      .set({ publishedAt: new Date('2025-01-01T00:00:00Z') })
      .where(eq(blogPosts.id, older.id));
    const newer = await create({ title: 'Newer Post', category: 'news' });
    const draft = await create({ title: 'Draft Post', isPublished: false });
    expect(draft.publishedAt).toBeNull();

    const res = await anon.get('/api/blog');
    expect(res.statusCode).toBe(200);
    const list = res.json() as BlogPostSummary[];
    const ids = list.map((p) => p.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(ids).not.toContain(draft.id);
    expect(list[0]).not.toHaveProperty('content');
    expect((await anon.get(`/api/blog/${draft.slug}`)).statusCode).toBe(404);
    const missing = await anon.get('/api/blog/no-such-post');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Blog post not found' });
  });

  it('counts a view once per visitor per day; bots and repeats write nothing', async () => {
    const post = await create({ title: 'Counting Views' });
    const read = (ua: string, ip: string) =>
      t.app.inject({
        url: `/api/blog/${post.slug}`,
        headers: { 'user-agent': ua },
        remoteAddress: ip,
      });

    const first = await read(BROWSER, '10.1.0.1');
    expect(first.statusCode).toBe(200);
    expect(first.json().viewCount).toBe(1);
    expect((await read(BROWSER, '10.1.0.1')).json().viewCount).toBe(1);
    expect(await viewCount(post.id)).toBe(1);

    // Another visitor counts.
    expect((await read(BROWSER, '10.1.0.2')).json().viewCount).toBe(2);

    // A crawler reads the post but is not counted and leaves no row.
    const rowsBefore = await viewRows(post.id);
    const bot = await read(GOOGLEBOT, '10.1.0.3');
    expect(bot.statusCode).toBe(200);
    expect(bot.json().content).toBe('<p>Hello</p>');
    expect(await viewCount(post.id)).toBe(2);
    expect(await viewRows(post.id)).toBe(rowsBefore);

    // The server-rendered page counts the same visitor only once too.
    await t.app.inject({
      url: `/blog/${post.slug}`,
      headers: { 'user-agent': BROWSER },
      remoteAddress: '10.1.0.1',
    });
    expect(await viewCount(post.id)).toBe(2);

    // The next day the same visitor counts again.
    const [row] = await t.db.select().from(blogPosts).where(eq(blogPosts.id, post.id));
    // 36 hours on is a later store day even across a 25-hour day (daylight saving time).
    const tomorrow = new Date(Date.now() + 36 * 60 * 60 * 1000);
    expect(
      await countView(t.db, row!, { address: '10.1.0.1', userAgent: BROWSER }, ZONE, tomorrow),
    ).toBe(3);
    expect(
      await countView(t.db, row!, { address: '10.1.0.1', userAgent: BROWSER }, ZONE, tomorrow),
    ).toBe(2); // remembered: no second count, the row it was given is returned as is
    expect(await viewCount(post.id)).toBe(3);
  });

  it("a day is the store's day (STORE_TIME_ZONE): San Diego's midnight starts it, not UTC's", async () => {
    expect(t.app.deps.config.STORE_TIME_ZONE).toBe(ZONE);
    const post = await create({ title: 'Views Around Midnight' });
    const [row] = await t.db.select().from(blogPosts).where(eq(blogPosts.id, post.id));
    const reader = { address: '10.2.0.1', userAgent: BROWSER };
    const at = (iso: string) => countView(t.db, row!, reader, ZONE, new Date(iso));
    // 3:30 pm and 4:30 pm on 14 January 2030 in San Diego: one store day, though UTC's
    // day turns between them (23:30 and 00:30 UTC).
    await at('2030-01-14T23:30:00Z');
    await at('2030-01-15T00:30:00Z');
    expect(await viewCount(post.id)).toBe(1);
    // 11:30 pm on the 14th, then 0:30 am on the 15th in San Diego (the same UTC day, 15th):
    // the second is a new store day and counts again.
    await at('2030-01-15T07:30:00Z');
    expect(await viewCount(post.id)).toBe(1);
    await at('2030-01-15T08:30:00Z');
    expect(await viewCount(post.id)).toBe(2);
    const days = await t.db
      .select({ day: blogPostViews.day })
      .from(blogPostViews)
      .where(eq(blogPostViews.postId, post.id));
    expect(days.map((d) => d.day).sort()).toEqual(['2030-01-14', '2030-01-15']);

    // Pruning keeps the last two store days before today: at 11:30 pm on the 16th in San
    // Diego (already the 17th in UTC) the 14th stays.
    await pruneBlogViews(t.db, ZONE, new Date('2030-01-17T07:30:00Z'));
    expect(await viewRows(post.id)).toBe(2);
    await pruneBlogViews(t.db, ZONE, new Date('2030-01-17T08:30:00Z'));
    expect(await viewRows(post.id)).toBe(1);
  });

  it("a post's date (publishedDay) is the store's day of its publication, else its creation", async () => {
    const post = await create({ title: 'Evening In San Diego' });
    // 9:30 pm in San Diego on November 25, already the 26th in UTC.
    await t.db
      .update(blogPosts)
      .set({ publishedAt: new Date('2026-11-26T05:30:00Z') })
      .where(eq(blogPosts.id, post.id));
    const one = (await anon.get(`/api/blog/${post.slug}`)).json() as BlogPost;
    expect(one.publishedAt).toBe('2026-11-26T05:30:00.000Z');
    expect(one.publishedDay).toBe('2026-11-25');
    const listed = ((await anon.get('/api/blog')).json() as BlogPostSummary[]).find(
      (p) => p.id === post.id,
    );
    expect(listed?.publishedDay).toBe('2026-11-25');
    // A draft has no publication: its creation's day.
    const draft = await create({ title: 'Late Draft', isPublished: false });
    await t.db
      .update(blogPosts)
      .set({ createdAt: new Date('2026-03-01T07:59:00Z') }) // 11:59 pm on February 28 there
      .where(eq(blogPosts.id, draft.id));
    const all = (await admin.get('/api/admin/blog')).json() as BlogPost[];
    expect(all.find((p) => p.id === draft.id)?.publishedDay).toBe('2026-02-28');
  });

  it('sanitises content: no script, no event handlers, no javascript: links', async () => {
    const post = await create({
      title: 'Hostile Content',
      content: [
        '<h2>Fine heading</h2>',
        '<p>Text<script>alert(1)</script></p>',
        '<img src="/api/files/x" onerror="alert(2)" alt="pin">',
        '<a href="javascript:alert(3)">click</a>',
        '<a href="https://example.com/ok" target="_blank">ok</a>',
        '<iframe src="https://evil.example"></iframe>',
        '<p style="position:fixed" onclick="alert(4)">styled</p>',
        '<svg><script>alert(5)</script></svg>',
      ].join(''),
    });
    const res = await anon.get(`/api/blog/${post.slug}`);
    const html = (res.json() as BlogPost).content;
    expect(html).toContain('<h2>Fine heading</h2>');
    expect(html).toContain('alt="pin"');
    expect(html.toLowerCase()).not.toContain('<script');
    expect(html.toLowerCase()).not.toContain('onerror');
    expect(html.toLowerCase()).not.toContain('onclick');
    expect(html.toLowerCase()).not.toContain('javascript:');
    expect(html.toLowerCase()).not.toContain('<iframe');
    expect(html.toLowerCase()).not.toContain('style=');
    expect(html).toContain('rel="noopener noreferrer"');
    // The stored row is the sanitised text too, so the server page shows the same.
    const [row] = await t.db.select().from(blogPosts).where(eq(blogPosts.id, post.id));
    expect(row!.content).toBe(html);
    const page = await t.app.inject({ url: `/blog/${post.slug}` });
    expect(page.body.toLowerCase()).not.toContain('alert(');
  });

  it("a post's ids and names are prefixed: it cannot stand in for the page's own elements", async () => {
    const post = await create({
      title: 'Clobbering Content',
      content:
        '<p id="store-facts">{"name":"EvilCo"}</p><p id="page-data">[]</p><a name="root">x</a>',
    });
    const [row] = await t.db.select().from(blogPosts).where(eq(blogPosts.id, post.id));
    expect(row!.content).toBe(
      '<p id="user-content-store-facts">{"name":"EvilCo"}</p><p id="user-content-page-data">[]</p><a name="user-content-root">x</a>',
    );
    const page = await t.app.inject({ url: `/blog/${post.slug}` });
    expect(page.body.match(/id="store-facts"/g)).toHaveLength(1);
    expect(page.body).toMatch(/<script type="application\/json" id="store-facts">/);
  });

  it('links within a post follow their prefixed targets; other links stay as written', async () => {
    const post = await create({
      title: 'A Post With Contents',
      content:
        '<p><a href="#faq">FAQ</a> <a href="#">top</a> <a href="/custom#step-2">wizard</a></p><h2 id="faq">FAQ</h2>',
    });
    const [row] = await t.db.select().from(blogPosts).where(eq(blogPosts.id, post.id));
    expect(row!.content).toBe(
      '<p><a href="#user-content-faq">FAQ</a> <a href="#">top</a> <a href="/custom#step-2">wizard</a></p><h2 id="user-content-faq">FAQ</h2>',
    );
    // Saved again as read back, nothing is prefixed twice.
    const again = await admin.put(`/api/admin/blog/${post.id}`, {
      ...base,
      title: 'A Post With Contents',
      content: row!.content,
    });
    expect(again.statusCode, again.body).toBe(200);
    const [saved] = await t.db.select().from(blogPosts).where(eq(blogPosts.id, post.id));
    expect(saved!.content).toBe(row!.content);
  });

  it('makes unique slugs from titles, keeps an edited slug, refuses a taken one', async () => {
    const a = await create({ title: 'Choosing Pin Plating: Gold or Silver?' });
    expect(a.slug).toBe('choosing-pin-plating-gold-or-silver');
    const b = await create({ title: 'Choosing Pin Plating: Gold or Silver?' });
    expect(b.slug).toBe('choosing-pin-plating-gold-or-silver-2');
    const c = await create({ title: 'Anything', slug: 'my-own-slug' });
    expect(c.slug).toBe('my-own-slug');
    const clash = await admin.post('/api/admin/blog', { ...base, title: 'X', slug: 'my-own-slug' });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().errors.slug).toBe('This slug is already used by another post');
    const bad = await admin.post('/api/admin/blog', { ...base, title: 'X', slug: 'Not A Slug!' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('slug');
  });

  it('publishes and unpublishes; publishing keeps its first date; deletes', async () => {
    const draft = await create({ title: 'Publish Me', isPublished: false });
    const body = { ...base, title: 'Publish Me', slug: draft.slug };
    const published = (await admin.put(`/api/admin/blog/${draft.id}`, body)).json() as BlogPost;
    expect(published.isPublished).toBe(true);
    expect(published.publishedAt).not.toBeNull();
    expect((await anon.get(`/api/blog/${draft.slug}`)).statusCode).toBe(200);

    const hidden = await admin.put(`/api/admin/blog/${draft.id}`, { ...body, isPublished: false });
    expect(hidden.json().isPublished).toBe(false);
    expect((await anon.get(`/api/blog/${draft.slug}`)).statusCode).toBe(404);
    const again = (await admin.put(`/api/admin/blog/${draft.id}`, body)).json() as BlogPost;
    expect(again.publishedAt).toBe(published.publishedAt);

    const all = (await admin.get('/api/admin/blog')).json() as BlogPost[];
    expect(all.map((p) => p.id)).toContain(draft.id);
    expect((await admin.delete(`/api/admin/blog/${draft.id}`)).statusCode).toBe(200);
    expect((await admin.delete(`/api/admin/blog/${draft.id}`)).statusCode).toBe(404);
  });

  it('admin calls: 401 signed out, 403 for customers, 400 for bad input', async () => {
    expect((await anon.get('/api/admin/blog')).statusCode).toBe(401);
    expect((await customer.get('/api/admin/blog')).statusCode).toBe(403);
    expect((await customer.post('/api/admin/blog', { ...base, title: 'x' })).statusCode).toBe(403);
    const noTitle = await admin.post('/api/admin/blog', { ...base, title: '' });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().errors.title).toBe('Title is required');
    const badCategory = await admin.post('/api/admin/blog', {
      ...base,
      title: 'x',
      category: 'gossip',
    });
    expect(badCategory.statusCode).toBe(400);
    const badImage = await admin.post('/api/admin/blog', {
      ...base,
      title: 'x',
      featuredImage: 'javascript:alert(1)',
    });
    expect(badImage.statusCode).toBe(400);
  });

  describe('two admins at once (a concurrency audit)', () => {
    /** The post as the admin's Edit form sends it back, with the updatedAt it loaded. */
    const form = (p: BlogPost) => ({
      title: p.title,
      slug: p.slug,
      excerpt: p.excerpt,
      content: p.content,
      category: p.category,
      featuredImage: p.featuredImage,
      tags: p.tags,
      metaTitle: p.metaTitle,
      metaDescription: p.metaDescription,
      isPublished: p.isPublished,
      expectedUpdatedAt: p.updatedAt,
    });
    const loaded = async (id: number) =>
      ((await admin.get('/api/admin/blog')).json() as BlogPost[]).find((p) => p.id === id)!;

    it('two edits of one loaded copy sent at once: one saves, the other answers 409, nothing is lost silently', async () => {
      const post = await create({ title: 'Course Flags', excerpt: 'Old excerpt' });
      const other = (await signedInClient(t, 'admin')).client;
      const seen = await loaded(post.id);

      // PostgreSQL: both updates wait on the row until both are there, then race.
      const held = await holdInTransaction(t, 'select 1 from blog_posts where id = $1 for update', [
        post.id,
      ]);
      const sending = Promise.all([
        admin.put(`/api/admin/blog/${post.id}`, { ...form(seen), title: 'Course Flags, Revised' }),
        other.put(`/api/admin/blog/${post.id}`, { ...form(seen), excerpt: 'New excerpt' }),
      ]);
      const waiters = await held?.release(2);
      const [a, b] = await sending;

      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const refused = a.statusCode === 409 ? a : b;
      expect(refused.json()).toEqual({ message: POST_CHANGED_MESSAGE });
      let [row] = await t.db.select().from(blogPosts).where(eq(blogPosts.id, post.id));
      expect(row).toMatchObject(
        a.statusCode === 200
          ? { title: 'Course Flags, Revised', excerpt: 'Old excerpt' }
          : { title: 'Course Flags', excerpt: 'New excerpt' },
      );
      if (held) expect(waiters).toBeGreaterThanOrEqual(2);

      // The one refused reloads and saves their change again: both changes are kept.
      const [loser, change] =
        a.statusCode === 409
          ? [admin, { title: 'Course Flags, Revised' }]
          : [other, { excerpt: 'New excerpt' }];
      const again = await loser.put(`/api/admin/blog/${post.id}`, {
        ...form(await loaded(post.id)),
        ...change,
      });
      expect(again.statusCode, again.body).toBe(200);
      [row] = await t.db.select().from(blogPosts).where(eq(blogPosts.id, post.id));
      expect(row).toMatchObject({ title: 'Course Flags, Revised', excerpt: 'New excerpt' });
      // Two saves from one copy, one after the other: the second is refused.
      const first = await admin.put(`/api/admin/blog/${post.id}`, form(again.json()));
      const second = await admin.put(`/api/admin/blog/${post.id}`, form(again.json()));
      expect([first.statusCode, second.statusCode]).toEqual([200, 409]);
      // Without expectedUpdatedAt (other callers) an edit saves as before; unknown ids 404.
      const { expectedUpdatedAt: _, ...plain } = form(again.json());
      expect((await admin.put(`/api/admin/blog/${post.id}`, plain)).statusCode).toBe(200);
      expect((await admin.put('/api/admin/blog/999999', form(again.json()))).statusCode).toBe(404);
      const bad = await admin.put(`/api/admin/blog/${post.id}`, {
        ...plain,
        expectedUpdatedAt: 'yesterday',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toHaveProperty('expectedUpdatedAt');
    });

    it('posts created at once with one title all get 201 and slugs of their own; one explicit slug, one post', async () => {
      const title = 'Tournament Pin Trading Etiquette';
      // PostgreSQL: an uncommitted post holds the slug, so all five inserts wait on it,
      // then race for it when it is rolled back.
      const held = await holdInTransaction(
        t,
        `insert into blog_posts (title, slug, content) values ('held', $1, '')`,
        ['tournament-pin-trading-etiquette'],
      );
      const sending = Promise.all(
        Array.from({ length: 5 }, () => admin.post('/api/admin/blog', { ...base, title })),
      );
      const waiters = await held?.release(5);
      const created = await sending;
      expect(created.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
      expect(created.map((r) => (r.json() as BlogPost).slug).sort()).toEqual([
        'tournament-pin-trading-etiquette',
        'tournament-pin-trading-etiquette-2',
        'tournament-pin-trading-etiquette-3',
        'tournament-pin-trading-etiquette-4',
        'tournament-pin-trading-etiquette-5',
      ]);
      if (held) expect(waiters).toBeGreaterThanOrEqual(5);

      // Two posts asking for the same slug at once: one gets it, the other a 400 on slug.
      const heldSlug = await holdInTransaction(
        t,
        `insert into blog_posts (title, slug, content) values ('held', $1, '')`,
        ['trading-etiquette'],
      );
      const both = Promise.all(
        ['One', 'Two'].map((n) =>
          admin.post('/api/admin/blog', { ...base, title: n, slug: 'trading-etiquette' }),
        ),
      );
      await heldSlug?.release(2);
      const answers = await both;
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 400]);
      expect(answers.find((r) => r.statusCode === 400)!.json().errors).toEqual({
        slug: 'This slug is already used by another post',
      });
    });
  });
});
