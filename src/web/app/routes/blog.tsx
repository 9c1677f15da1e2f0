/**
 * /blog (back-office spec section 2): category filter buttons (all, tips, equipment,
 * courses, tournaments, news; kept in ?category= so a view can be shared), cards with
 * image, category, views, title, excerpt and date, a message when there are no posts,
 * and a newsletter-style footer band: the newsletter sign-up (the popup's form, source
 * `blog_footer`, the same 15% welcome code) beside links to a quote and the catalogue.
 */
import { BLOG_FILTERS, type BlogFilter } from '@shared/blog';
import { Eye } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { DocumentTitle } from '@/components/layout/document-title';
import { PageMain } from '@/components/layout/page-main';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { store } from '@/config/store';
import { useBlogPosts } from '@/features/blog/api';
import { CATEGORY_LABELS, postDate, viewsText } from '@/features/blog/format';
import { NewsletterSignupForm } from '@/features/newsletter/newsletter-signup-form';
import { AfterFirstRender } from '@/lib/after-first-render';
import { useProgressiveCount } from '@/lib/use-progressive-count';

const BLOG_HEADING = 'Golf Pin Blog';

function parseFilter(raw: string | null): BlogFilter {
  return (BLOG_FILTERS as readonly string[]).includes(raw ?? '') ? (raw as BlogFilter) : 'all';
}

export function Component() {
  const [params, setParams] = useSearchParams();
  const filter = parseFilter(params.get('category'));
  const posts = useBlogPosts();
  const shown = (posts.data ?? []).filter((p) => filter === 'all' || p.category === filter);
  // Two cards (a phone's first screen) in the first render, the rest two per task (issue 10).
  const rendered = useProgressiveCount(shown.length, 2, 2);

  const choose = (next: BlogFilter) =>
    setParams(next === 'all' ? {} : { category: next }, {
      replace: true,
      preventScrollReset: true,
    });

  return (
    <PageMain>
      <DocumentTitle>{`${BLOG_HEADING}: Tips, Courses & Tournaments | ${store.name}`}</DocumentTitle>
      <section className="bg-brand text-white">
        <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 md:py-12">
          <h1 className="text-3xl md:text-4xl">{BLOG_HEADING}</h1>
          <p className="mt-2 max-w-2xl text-green-50">
            Design tips, course collecting and tournament planning from the people who make the
            pins.
          </p>
        </div>
      </section>

      <section aria-labelledby="posts-heading" className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        <h2 id="posts-heading" className="sr-only">
          Articles
        </h2>
        <fieldset>
          <legend className="sr-only">Filter by category</legend>
          <ul className="flex flex-wrap gap-2">
            {BLOG_FILTERS.map((f) => (
              <li key={f}>
                <Button
                  type="button"
                  size="sm"
                  variant={f === filter ? 'default' : 'outline'}
                  aria-pressed={f === filter}
                  onClick={() => choose(f)}
                >
                  {CATEGORY_LABELS[f]}
                </Button>
              </li>
            ))}
          </ul>
        </fieldset>

        {posts.isLoading ? (
          <ul className="mt-6 grid gap-6 md:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
            {[0, 1, 2].map((i) => (
              <li key={i} className="overflow-hidden rounded-xl border">
                <Skeleton className="aspect-[1200/630] w-full rounded-none" />
                <div className="space-y-2 p-4">
                  <Skeleton className="h-5 w-3/4" />
                  <Skeleton className="h-4 w-full" />
                </div>
              </li>
            ))}
          </ul>
        ) : posts.isError ? (
          <div className="mt-8 flex flex-col items-center gap-3 rounded-xl border border-dashed p-10 text-center">
            <p role="alert" className="font-medium text-destructive">
              Failed to load blog posts
            </p>
            <Button variant="outline" onClick={() => void posts.refetch()}>
              Try Again
            </Button>
          </div>
        ) : shown.length === 0 ? (
          <div className="mt-8 rounded-xl border border-dashed p-10 text-center">
            <p className="font-medium">
              {filter === 'all'
                ? 'No blog posts yet. Check back soon.'
                : `No ${CATEGORY_LABELS[filter].toLowerCase()} posts yet.`}
            </p>
            {filter !== 'all' && (
              <Button variant="outline" className="mt-3" onClick={() => choose('all')}>
                Show all posts
              </Button>
            )}
          </div>
        ) : (
          <ul
            className="mt-6 grid gap-6 md:grid-cols-2 lg:grid-cols-3"
            // Live once the first fill is done: a filter's new list is announced, the
            // page's own cards arriving in steps are not.
            aria-live={rendered < shown.length ? undefined : 'polite'}
          >
            {shown.slice(0, rendered).map((post, i) => (
              <li key={post.id}>
                <Link
                  to={`/blog/${post.slug}`}
                  className="group flex h-full flex-col overflow-hidden rounded-xl border bg-card shadow-sm transition-shadow hover:shadow-md focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none"
                >
                  {post.featuredImage ? (
                    <img
                      src={post.featuredImage}
                      alt=""
                      width={1200}
                      height={630}
                      fetchPriority={i === 0 ? 'high' : undefined}
                      elementtiming={i === 0 ? 'first-screen' : undefined}
                      loading={i < 2 ? 'eager' : 'lazy'}
                      className="aspect-[1200/630] w-full object-cover"
                    />
                  ) : (
                    <div className="aspect-[1200/630] w-full bg-brand-soft" />
                  )}
                  <div className="flex flex-1 flex-col gap-2 p-4">
                    <div className="flex items-center justify-between gap-2 text-xs">
                      <span className="rounded-full bg-brand-soft px-2 py-0.5 font-semibold text-brand uppercase">
                        {CATEGORY_LABELS[post.category]}
                      </span>
                      <span className="flex items-center gap-1 text-slate-600">
                        <Eye className="size-3.5" aria-hidden="true" />
                        {viewsText(post.viewCount)}
                      </span>
                    </div>
                    <h3 className="font-heading text-xl text-slate-900 group-hover:underline">
                      {post.title}
                    </h3>
                    {post.excerpt && <p className="text-sm text-slate-600">{post.excerpt}</p>}
                    <p className="mt-auto text-xs text-slate-600">{postDate(post)}</p>
                  </div>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      {/* Below the posts: built in the task after the first render (issue 10). */}
      <AfterFirstRender>
        <BlogFooterBand />
      </AfterFirstRender>
    </PageMain>
  );
}

/** The newsletter-style band under the posts: sign-up form, then quote and catalogue links. */
function BlogFooterBand() {
  return (
    <section aria-labelledby="blog-newsletter" className="bg-brand-soft">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-2 md:items-center">
        <div>
          <h2 id="blog-newsletter" className="font-heading text-2xl text-brand">
            Get new posts and 15% off your first order
          </h2>
          <p className="mt-2 text-slate-700">
            Tips, course stories and tournament pin ideas, a few times a month. Confirm your e-mail
            and we send you a personal 15% code.
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            <Button asChild variant="outline">
              <Link to="/quote">Get a Free Quote</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/wholesale">Shop Wholesale Pins</Link>
            </Button>
          </div>
        </div>
        <NewsletterSignupForm source="blog_footer" className="max-w-md" />
      </div>
    </section>
  );
}
