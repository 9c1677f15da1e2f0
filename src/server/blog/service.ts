/**
 * The blog (back-office spec sections 2 "/blog", "/blog/{slug}", 3 blog_posts, 7; issue 10).
 *
 * - Public reads: published posts, newest first (`publishedAt`, else `createdAt`), and
 *   one published post by slug.
 * - Views: counted once per visitor per store day (STORE_TIME_ZONE). A visitor is a hash
 *   of the day, client address and user agent (the address itself is never stored). Bots
 *   (isbot) are not counted, and a visitor already counted today is remembered in memory,
 *   so repeat requests and crawlers cause no database write. The first view of the day
 *   inserts a `blog_post_views` row and bumps `view_count` in one statement.
 * - Admin writes: HTML content is sanitised with DOMPurify (jsdom) on every write
 *   (DECISIONS.md "Blog HTML is sanitised"); slugs come from the title when left empty
 *   and are made unique with `-2`, `-3`, ... (two posts created at once with one title
 *   get two slugs: the insert skips a taken slug and the next free one is tried);
 *   publishing sets `publishedAt` the first time.
 * - An edit that sends `expectedUpdatedAt` (the admin UI always does) is saved only if
 *   the post was not saved since (409 `POST_CHANGED_MESSAGE`). Every admin write moves
 *   `updatedAt` forward by at least a millisecond, the precision clients see it in; view
 *   counts never touch it.
 */
import { createHash } from 'node:crypto';
import slugify from '@sindresorhus/slugify';
import { and, desc, eq, lt, ne, type SQL, sql } from 'drizzle-orm';
import { isbot } from 'isbot';
import { POST_HTML_ATTRIBUTES } from '../../shared/blog';
import { addDaysIso } from '../../shared/dates';
import {
  BLOG_CATEGORIES,
  type BlogCategory,
  type BlogPost,
  BlogPostInput,
  type BlogPostSummary,
  UpdateBlogPostInput,
} from '../../shared/schemas/blog';
import type { DbOrTx } from '../db/client';
import { blogPosts, blogPostViews } from '../db/schema';
import { badRequest, conflict, databaseErrorCode, notFound } from '../lib/errors';
import { sanitizeRichHtml } from '../lib/sanitize';
import { storeDayOf } from '../lib/store-time';

export type BlogRow = typeof blogPosts.$inferSelect;

export const BLOG_NOT_FOUND = 'Blog post not found';

/** The 409 of an edit made from an older copy of the post (`expectedUpdatedAt`). */
export const POST_CHANGED_MESSAGE =
  'This post was changed by someone else while you edited it. Reload to see the changes.';

/** The 400 (on `slug`) of a slug another post holds. */
const SLUG_TAKEN = 'This slug is already used by another post';
const slugTaken = () => badRequest(SLUG_TAKEN, { slug: SLUG_TAKEN });

/**
 * How many slugs a new post tries when others with the same title are created at the
 * same moment (each try loses only to a post that was inserted meanwhile).
 */
const SLUG_TRIES = 20;

/**
 * Post HTML made safe to render: DOMPurify's HTML profile (no script, style, iframe,
 * form controls or event handlers; `javascript:` and other unsafe links dropped), and
 * links that open a new tab get `rel="noopener noreferrer"`.
 */
export function sanitizePostHtml(html: string): string {
  const clean = sanitizeRichHtml(html, {
    forbidAttributes: [...POST_HTML_ATTRIBUTES.forbid],
    addAttributes: [...POST_HTML_ATTRIBUTES.add],
  });
  return clean.replace(/<a ([^>]*target="_blank"[^>]*)>/g, (_m, attrs: string) =>
    attrs.includes('rel=') ? `<a ${attrs}>` : `<a ${attrs} rel="noopener noreferrer">`,
  );
}

const asCategory = (value: string): BlogCategory =>
  (BLOG_CATEGORIES as readonly string[]).includes(value) ? (value as BlogCategory) : 'news';

/**
 * A row as the list shows it (ISO dates, no content); `publishedDay` is the day of its
 * publication (else creation) in `timeZone`, the shop's STORE_TIME_ZONE.
 */
export function serializeSummary(row: BlogRow, timeZone: string): BlogPostSummary {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    category: asCategory(row.category),
    featuredImage: row.featuredImage,
    tags: Array.isArray(row.tags) ? row.tags : [],
    isPublished: row.isPublished,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    publishedDay: storeDayOf(row.publishedAt ?? row.createdAt, timeZone),
    metaTitle: row.metaTitle,
    metaDescription: row.metaDescription,
    viewCount: row.viewCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A whole post (summary + content); `timeZone` as for serializeSummary. */
export function serializePost(row: BlogRow, timeZone: string): BlogPost {
  return { ...serializeSummary(row, timeZone), content: row.content };
}

const newestFirst = [
  desc(sql`coalesce(${blogPosts.publishedAt}, ${blogPosts.createdAt})`),
  desc(blogPosts.id),
];

/** Published posts, newest first (published date, else created date). */
export async function listPublishedPosts(db: DbOrTx, timeZone: string): Promise<BlogPostSummary[]> {
  const rows = await db
    .select()
    .from(blogPosts)
    .where(eq(blogPosts.isPublished, true))
    .orderBy(...newestFirst);
  return rows.map((row) => serializeSummary(row, timeZone));
}

/** Every post, drafts included, newest first (admin). */
export async function listAllPosts(db: DbOrTx, timeZone: string): Promise<BlogPost[]> {
  const rows = await db
    .select()
    .from(blogPosts)
    .orderBy(...newestFirst);
  return rows.map((row) => serializePost(row, timeZone));
}

/** The published post with this slug, or null. */
export async function findPublishedPost(db: DbOrTx, slug: string): Promise<BlogRow | null> {
  const [row] = await db
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), eq(blogPosts.isPublished, true)))
    .limit(1);
  return row ?? null;
}

/** Who is reading: the client address and user agent of a request. */
export interface Reader {
  address: string;
  userAgent: string | undefined;
}

/**
 * Visitors already counted today in this process (post id + visitor hash), so repeat
 * reads skip the database. Cleared when the day changes; bounded in size.
 */
class SeenToday {
  private day = '';
  private keys = new Set<string>();
  constructor(private readonly max = 100_000) {}
  has(day: string, key: string): boolean {
    if (day !== this.day) {
      this.day = day;
      this.keys.clear();
    }
    return this.keys.has(key);
  }
  add(key: string): void {
    if (this.keys.size >= this.max) this.keys.clear();
    this.keys.add(key);
  }
}
const seen = new WeakMap<object, SeenToday>();

/**
 * Counts a view of `row` by `reader` once per visitor per store day (the calendar day of
 * `now` in `timeZone`, STORE_TIME_ZONE; docs/decisions.md issue 10 entry 5); bots never
 * count. Returns the post's view count after this read. Takes `now` for tests.
 */
export async function countView(
  db: DbOrTx,
  row: BlogRow,
  reader: Reader,
  timeZone: string,
  now = new Date(),
): Promise<number> {
  if (!reader.userAgent || isbot(reader.userAgent)) return row.viewCount;
  const day = storeDayOf(now, timeZone);
  const visitor = createHash('sha256')
    .update(`${day}\n${reader.address}\n${reader.userAgent}`)
    .digest('base64url');
  let cache = seen.get(db);
  if (!cache) {
    cache = new SeenToday();
    seen.set(db, cache);
  }
  const key = `${row.id}:${visitor}`;
  if (cache.has(day, key)) return row.viewCount;
  const result = await db.execute<{ view_count: number }>(sql`
    with counted as (
      insert into ${blogPostViews} (post_id, visitor, day)
      values (${row.id}, ${visitor}, ${day})
      on conflict do nothing
      returning post_id
    )
    update ${blogPosts} set view_count = view_count + 1
    where id in (select post_id from counted)
    returning view_count`);
  cache.add(key);
  const rows = (result as unknown as { rows?: { view_count: number }[] }).rows ?? [];
  return rows[0] ? Number(rows[0].view_count) : row.viewCount;
}

/**
 * Deletes view records of store days (in `timeZone`) more than two days before `now`'s
 * (the dedupe needs only today's).
 */
export async function pruneBlogViews(
  db: DbOrTx,
  timeZone: string,
  now = new Date(),
): Promise<void> {
  const cutoff = addDaysIso(storeDayOf(now, timeZone), -2);
  await db.delete(blogPostViews).where(lt(blogPostViews.day, cutoff));
}

/** The slug made from a title: lower case, hyphens, at most 80 characters; 'post' when empty. */
export function slugFromTitle(title: string): string {
  const slug = slugify(title).slice(0, 80).replace(/-+$/, '');
  return slug || 'post';
}

/** `base`, else `base-2`, `base-3`, ... : the first slug no other post (but `exceptId`) holds. */
async function uniqueSlug(db: DbOrTx, base: string, exceptId: number | null): Promise<string> {
  const taken = await db
    .select({ slug: blogPosts.slug })
    .from(blogPosts)
    .where(
      and(
        sql`(${blogPosts.slug} = ${base} or ${blogPosts.slug} like ${`${base}-%`})`,
        exceptId === null ? undefined : ne(blogPosts.id, exceptId),
      ),
    );
  const used = new Set(taken.map((r) => r.slug));
  if (!used.has(base)) return base;
  for (let n = 2; ; n += 1) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

function fieldsFrom(input: ReturnType<typeof BlogPostInput.parse>) {
  return {
    title: input.title,
    excerpt: input.excerpt,
    content: sanitizePostHtml(input.content),
    category: input.category,
    featuredImage: input.featuredImage,
    tags: [...new Set(input.tags)],
    metaTitle: input.metaTitle,
    metaDescription: input.metaDescription,
    isPublished: input.isPublished,
  };
}

/**
 * Creates a post (admin). An explicit slug already taken answers 400 on `slug`; an empty
 * one is made from the title and made unique. The insert skips a slug taken meanwhile (ON
 * CONFLICT DO NOTHING: no unique violation, no aborted transaction), and the next free
 * slug is tried, so posts created at once with one title all get one. `authorId`: the
 * signed-in admin; `timeZone`: STORE_TIME_ZONE (the answer's `publishedDay`).
 */
export async function createPost(
  db: DbOrTx,
  raw: BlogPostInput,
  authorId: number | null,
  timeZone: string,
): Promise<BlogPost> {
  const input = BlogPostInput.parse(raw);
  const fields = fieldsFrom(input);
  for (let attempt = 0; attempt < SLUG_TRIES; attempt += 1) {
    const slug = await resolveSlug(db, input.slug, input.title, null);
    const [row] = await db
      .insert(blogPosts)
      .values({ ...fields, slug, authorId, publishedAt: input.isPublished ? new Date() : null })
      .onConflictDoNothing({ target: blogPosts.slug })
      .returning();
    if (row) return serializePost(row, timeZone);
    if (input.slug) throw slugTaken();
  }
  throw conflict('Many posts with this title were created at once. Please save again.');
}

async function resolveSlug(
  db: DbOrTx,
  wanted: string | null,
  title: string,
  exceptId: number | null,
): Promise<string> {
  if (!wanted) return uniqueSlug(db, slugFromTitle(title), exceptId);
  const [clash] = await db
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(
      and(eq(blogPosts.slug, wanted), exceptId === null ? undefined : ne(blogPosts.id, exceptId)),
    )
    .limit(1);
  if (clash) throw slugTaken();
  return wanted;
}

/**
 * The `updatedAt` of an admin write: now, but always at least a millisecond past the
 * post's last one (clients see it in milliseconds, so two saves within one millisecond, or
 * a clock behind another instance's, still give a new version).
 */
const nextUpdatedAt = (): SQL =>
  sql`greatest(${new Date().toISOString()}::timestamptz, date_trunc('milliseconds', ${blogPosts.updatedAt}) + interval '1 millisecond')`;

/**
 * The post's `updatedAt` is still `expected` (ISO, milliseconds; the stored value has
 * microseconds, which both drivers drop when they read it).
 */
const unchangedSince = (expected: string): SQL =>
  sql`date_trunc('milliseconds', ${blogPosts.updatedAt}) = ${expected}::timestamptz`;

/**
 * Updates a post (admin); 404 when it does not exist. Publishing sets `publishedAt` once.
 * With `expectedUpdatedAt` (the `updatedAt` the admin loaded) the write is conditional on
 * it (one UPDATE ... WHERE: of two edits from the same copy the second matches nothing):
 * 409 POST_CHANGED_MESSAGE when the post was saved since. A slug another post holds, even
 * one taken at the same moment, answers 400 on `slug`. `timeZone`: STORE_TIME_ZONE (the
 * answer's `publishedDay`).
 */
export async function updatePost(
  db: DbOrTx,
  id: number,
  raw: UpdateBlogPostInput,
  timeZone: string,
): Promise<BlogPost> {
  const { expectedUpdatedAt, ...input } = UpdateBlogPostInput.parse(raw);
  const expected = expectedUpdatedAt === undefined ? null : new Date(expectedUpdatedAt);
  const [current] = await db.select().from(blogPosts).where(eq(blogPosts.id, id)).limit(1);
  if (!current) throw notFound(BLOG_NOT_FOUND);
  if (expected && current.updatedAt.getTime() !== expected.getTime()) {
    throw conflict(POST_CHANGED_MESSAGE);
  }
  const slug = await resolveSlug(db, input.slug ?? current.slug, input.title, id);
  let row: BlogRow | undefined;
  try {
    [row] = await db
      .update(blogPosts)
      .set({
        ...fieldsFrom(input),
        slug,
        // Published: the first publication's date stays (read in the same statement).
        ...(input.isPublished
          ? {
              publishedAt: sql`coalesce(${blogPosts.publishedAt}, ${new Date().toISOString()}::timestamptz)`,
            }
          : {}),
        updatedAt: nextUpdatedAt(),
      })
      .where(
        and(eq(blogPosts.id, id), expected ? unchangedSince(expected.toISOString()) : undefined),
      )
      .returning();
  } catch (err) {
    // The one unique key an update can break is the slug: taken by another post just now.
    if (databaseErrorCode(err, (code) => code === '23505')) throw slugTaken();
    throw err;
  }
  if (!row) {
    const [still] = await db
      .select({ id: blogPosts.id })
      .from(blogPosts)
      .where(eq(blogPosts.id, id));
    throw still ? conflict(POST_CHANGED_MESSAGE) : notFound(BLOG_NOT_FOUND);
  }
  return serializePost(row, timeZone);
}

/** Deletes a post (admin); 404 when it does not exist. */
export async function deletePost(db: DbOrTx, id: number): Promise<void> {
  const deleted = await db
    .delete(blogPosts)
    .where(eq(blogPosts.id, id))
    .returning({ id: blogPosts.id });
  if (deleted.length === 0) throw notFound(BLOG_NOT_FOUND);
}
