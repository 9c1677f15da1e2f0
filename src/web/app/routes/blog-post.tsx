/**
 * /blog/{slug} (back-office spec section 2): the post with its category, date and views,
 * a Share button (the device's share sheet when the browser has one, else the link is
 * copied), the content as HTML sanitised again here with DOMPurify (the server sanitises
 * on every write; DECISIONS.md "Blog HTML is sanitised"), tags, and links back to the
 * blog and to /wholesale (DECISIONS.md: the blog's /products link goes to /wholesale).
 * No post with this slug: 'Blog Post Not Found'. The title is metaTitle, else the title.
 * The server writes the same markup (server/pages/content.ts `blogPostMain`, classes and
 * texts from shared/blog-post-page.ts) and the body is rendered as elements
 * (features/blog/post-body.tsx), so the mount keeps the server's post as it is
 * (docs/decisions.md, issue 10).
 */
import { BLOG_POST_PAGE as C, tagText } from '@shared/blog-post-page';
import type { BlogPost } from '@shared/schemas/blog';
import { ArrowLeft, Eye, Share2 } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { DocumentTitle } from '@/components/layout/document-title';
import { NotFoundView } from '@/components/layout/not-found-view';
import { PageMain } from '@/components/layout/page-main';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { store } from '@/config/store';
import { useBlogPost } from '@/features/blog/api';
import { CATEGORY_LABELS, postDate, viewsText } from '@/features/blog/format';
import { PostBody } from '@/features/blog/post-body';
import { toast } from '@/lib/toast';

function BackToBlog() {
  return (
    <Link to="/blog" className={C.back}>
      <ArrowLeft className="size-4" aria-hidden="true" />
      {C.backLabel}
    </Link>
  );
}

/** Shares the page: the native share sheet, else copies the link. */
async function share(post: BlogPost) {
  const url = window.location.href;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: post.title, text: post.excerpt ?? post.title, url });
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: 'Link Copied', description: 'The link to this post is on your clipboard.' });
  } catch {
    toast({
      title: 'Could Not Copy',
      description: `Copy this link to share the post: ${url}`,
      variant: 'destructive',
    });
  }
}

function PostView({ post }: { post: BlogPost }) {
  return (
    <PageMain className={C.main}>
      <DocumentTitle>{`${post.metaTitle || post.title} | ${store.name}`}</DocumentTitle>
      <BackToBlog />
      <article className={C.article}>
        <header>
          <p className={C.category}>{CATEGORY_LABELS[post.category]}</p>
          <h1 className={C.title}>{post.title}</h1>
          <div className={C.meta}>
            <span>{postDate(post)}</span>
            <span className={C.views}>
              <Eye className={C.viewsIcon} aria-hidden="true" />
              {viewsText(post.viewCount)}
            </span>
            <Button type="button" size="sm" variant="outline" onClick={() => void share(post)}>
              <Share2 aria-hidden="true" />
              {C.shareLabel}
            </Button>
          </div>
        </header>
        {post.featuredImage && (
          <img
            src={post.featuredImage}
            alt=""
            width={1200}
            height={630}
            fetchPriority="high"
            elementtiming="first-screen"
            className={C.image}
          />
        )}
        <PostBody className={C.body} html={post.content} />
        {post.tags.length > 0 && (
          <ul className={C.tags} aria-label="Tags">
            {post.tags.map((tag) => (
              <li key={tag} className={C.tag}>
                {tagText(tag)}
              </li>
            ))}
          </ul>
        )}
      </article>
      <nav aria-label="More" className={C.more}>
        <Button asChild variant="outline">
          <Link to="/blog">{C.moreArticlesLabel}</Link>
        </Button>
        <Button asChild>
          <Link to="/wholesale">{C.shopLabel}</Link>
        </Button>
      </nav>
    </PageMain>
  );
}

export function Component() {
  const slug = useParams().slug ?? '';
  const post = useBlogPost(slug);
  if (post.isLoading) {
    return (
      <PageMain className={C.main}>
        <p role="status" className="sr-only">
          Loading post…
        </p>
        <div aria-hidden="true" className="space-y-4">
          <Skeleton className="h-10 w-3/4" />
          <Skeleton className="aspect-[1200/630] w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      </PageMain>
    );
  }
  if (post.isError) {
    return (
      <PageMain className="mx-auto flex w-full max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
        <DocumentTitle>{`Blog | ${store.name}`}</DocumentTitle>
        <h1 className="text-2xl">Blog</h1>
        <p role="alert" className="text-destructive">
          Failed to load the post
        </p>
        <Button variant="outline" onClick={() => void post.refetch()}>
          Try Again
        </Button>
      </PageMain>
    );
  }
  // 'Blog Post Not Found' (back-office spec section 2), as the server's 404 page writes it.
  if (!post.data) return <NotFoundView kind="blogPost" />;
  return <PostView post={post.data} />;
}
