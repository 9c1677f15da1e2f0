/**
 * /blog/{slug}'s markup classes and fixed texts (back-office spec section 2 "Blog post"):
 * the page (web/app/routes/blog-post.tsx) and the server's HTML (server/pages/content.ts
 * `blogPostMain`) write the same elements with these classes, so the app's mount keeps
 * every server node of the post: no second paint of its image, no layout shift, no body
 * rebuilt (docs/decisions.md, issue 10). Tailwind reads this file (web/index.css @source).
 */
export const BLOG_POST_PAGE = {
  /** After PageMain's own 'flex-1 outline-none'. */
  main: 'mx-auto w-full max-w-3xl px-4 py-8 sm:px-6',
  back: 'inline-flex min-h-6 items-center gap-1 rounded-sm text-sm text-primary hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
  backLabel: 'Back to Blog',
  article: 'mt-4',
  category: 'text-sm font-semibold tracking-wide text-brand uppercase',
  title: 'mt-2 text-3xl leading-tight text-slate-900 md:text-4xl',
  /** The line of date, views and the Share button. */
  meta: 'mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-600',
  views: 'flex items-center gap-1',
  viewsIcon: 'size-4',
  shareLabel: 'Share',
  image: 'mt-6 aspect-[1200/630] w-full rounded-xl object-cover',
  body: 'prose-post mt-6',
  tags: 'mt-8 flex flex-wrap gap-2',
  tag: 'rounded-full border px-3 py-1 text-sm text-slate-700',
  more: 'mt-10 flex flex-wrap gap-3 border-t pt-6',
  moreArticlesLabel: 'More Articles',
  shopLabel: 'Shop Ready-Made Pins',
} as const;

/** A tag as shown: '#design' (one string: one text node on both sides). */
export const tagText = (tag: string) => `#${tag}`;
