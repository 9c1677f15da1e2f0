/**
 * Admin 'Blog' (issue 10; back-office spec section 3 blog_posts): every post, drafts
 * included, in the admin table (search; category and status filters) with category,
 * status, views and date. 'New Post' and 'Edit' open the post form (rich-text editor,
 * featured image, slug, meta fields, preview); Publish / Unpublish flips one post;
 * Delete asks first. 'View' opens a published post on the site.
 */
import { BLOG_CATEGORIES, type BlogPost } from '@shared/schemas/blog';
import { ExternalLink, Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CATEGORY_LABELS, postDate } from '@/features/blog/format';
import { toast } from '@/lib/toast';
import { postInput, useAdminPosts, useDeletePost, useSavePost } from '../blog-api';
import { runDelete, toastError } from '../notify';
import type { TableFilter } from '../table-state';
import { ActionBar } from './action-bar';
import { BlogPostFormDialog } from './blog-post-form';
import { DataTable, fromQuery } from './data-table';
import { DeleteAction } from './delete-action';

const filters: TableFilter<BlogPost>[] = [
  {
    id: 'category',
    label: 'Category',
    options: [
      { value: '', label: 'All categories' },
      ...BLOG_CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] })),
    ],
    matches: (p, v) => p.category === v,
  },
  {
    id: 'status',
    label: 'Status',
    options: [
      { value: '', label: 'Published and drafts' },
      { value: 'published', label: 'Published' },
      { value: 'draft', label: 'Drafts' },
    ],
    matches: (p, v) => (v === 'published') === p.isPublished,
  },
];

export function BlogSection() {
  const posts = useAdminPosts();
  const [editing, setEditing] = useState<BlogPost | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const openForm = (post: BlogPost | null) => {
    setEditing(post);
    setFormOpen(true);
  };
  const addButton = (
    <Button type="button" onClick={() => openForm(null)}>
      <Plus aria-hidden="true" />
      New Post
    </Button>
  );
  return (
    <>
      <DataTable
        label="Blog posts"
        {...fromQuery(posts)}
        rowKey={(p) => p.id}
        rowLabel={(p) => p.title}
        searchText={(p) => [p.title, p.excerpt ?? '', p.slug, ...p.tags]}
        searchPlaceholder="Title, slug or tag"
        filters={filters}
        emptyTitle="No blog posts yet."
        emptyAction={addButton}
        toolbar={addButton}
        columns={[
          { id: 'title', header: 'Title', primary: true, cell: (p) => p.title },
          { id: 'category', header: 'Category', cell: (p) => CATEGORY_LABELS[p.category] },
          {
            id: 'status',
            header: 'Status',
            cell: (p) =>
              p.isPublished ? (
                <Badge variant="success">Published</Badge>
              ) : (
                <Badge variant="outline">Draft</Badge>
              ),
          },
          { id: 'views', header: 'Views', numeric: true, cell: (p) => p.viewCount },
          { id: 'date', header: 'Date', cell: (p) => postDate(p) },
        ]}
        actions={(p) => <PostActions post={p} onEdit={() => openForm(p)} />}
      />
      <BlogPostFormDialog post={editing} open={formOpen} onOpenChange={setFormOpen} />
    </>
  );
}

function PostActions({ post, onEdit }: { post: BlogPost; onEdit(): void }) {
  const save = useSavePost();
  const remove = useDeletePost();
  const flip = async () => {
    try {
      const saved = await save.mutateAsync({
        id: post.id,
        body: postInput(post, { isPublished: !post.isPublished }),
      });
      toast({
        title: saved.isPublished ? 'Post Published' : 'Post Unpublished',
        description: saved.isPublished
          ? `${saved.title} is live at /blog/${saved.slug}.`
          : `${saved.title} is now a draft.`,
      });
    } catch (error) {
      toastError(error, 'Failed to update the post.');
    }
  };
  return (
    <ActionBar
      className="justify-end"
      destructive={
        <DeleteAction
          itemName={post.title}
          title={`Delete ${post.title}?`}
          description={`This removes the post and its view count for good. Links to /blog/${post.slug} will show 'Blog Post Not Found'.`}
          confirmLabel="Delete Post"
          onDelete={() =>
            runDelete(remove.mutateAsync(post.id), { noun: 'Post', name: post.title })
          }
        />
      }
    >
      <Button type="button" size="sm" variant="outline" onClick={onEdit}>
        <Pencil aria-hidden="true" />
        Edit<span className="sr-only"> {post.title}</span>
      </Button>
      <Button
        type="button"
        size="sm"
        variant="outline"
        pending={save.isPending}
        onClick={() => void flip()}
      >
        {post.isPublished ? 'Unpublish' : 'Publish'}
        <span className="sr-only"> {post.title}</span>
      </Button>
      {post.isPublished ? (
        <Button asChild size="sm" variant="ghost">
          <a href={`/blog/${post.slug}`} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden="true" />
            View<span className="sr-only"> {post.title} (opens in a new tab)</span>
          </a>
        </Button>
      ) : null}
    </ActionBar>
  );
}
