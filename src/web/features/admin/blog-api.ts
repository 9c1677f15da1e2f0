/**
 * Admin blog calls (issue 10): every post with drafts (GET /api/admin/blog), create,
 * update (publish / unpublish is an update) and delete. Every change also refreshes the
 * public blog queries. An update always sends the `updatedAt` of the post it was made
 * from (`expectedUpdatedAt`): the server refuses it with 409 when someone saved the post
 * since, and the list is read again.
 */
import type { BlogPost, BlogPostInput, UpdateBlogPostInput } from '@shared/schemas/blog';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const adminBlogKey = ['/api/admin/blog'] as const;

const fetchAdminPosts = () => api.get<BlogPost[]>('/api/admin/blog');

export function useAdminPosts() {
  return useQuery({
    queryKey: adminBlogKey,
    queryFn: fetchAdminPosts,
    refetchOnMount: 'always',
  });
}

/**
 * Reads every post afresh (the admin table then shows them too) and answers post `id` as
 * it is now, or null when it is gone: an edit refused with 409 starts again from it.
 */
export function useReloadPost() {
  const qc = useQueryClient();
  return async (id: number): Promise<BlogPost | null> => {
    const posts = await qc.fetchQuery({
      queryKey: adminBlogKey,
      queryFn: fetchAdminPosts,
      staleTime: 0,
    });
    return posts.find((p) => p.id === id) ?? null;
  };
}

function useInvalidateBlog() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: adminBlogKey }),
      qc.invalidateQueries({ queryKey: ['/api/blog'] }),
    ]);
}

/**
 * The body of a save from a post as it is (to flip `isPublished` alone), with the post's
 * `updatedAt` as `expectedUpdatedAt`: a list older than the post's last save is refused.
 */
export function postInput(
  post: BlogPost,
  changes: Partial<BlogPostInput> = {},
): UpdateBlogPostInput {
  return {
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt,
    content: post.content,
    category: post.category,
    featuredImage: post.featuredImage,
    tags: post.tags,
    metaTitle: post.metaTitle,
    metaDescription: post.metaDescription,
    isPublished: post.isPublished,
    ...changes,
    expectedUpdatedAt: post.updatedAt,
  };
}

/**
 * Creates (`id` null) or updates a post; the lists are read again after a save and after a
 * failed one too (a 409 means the list shows an older post).
 */
export function useSavePost() {
  const invalidate = useInvalidateBlog();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: BlogPostInput | UpdateBlogPostInput }) =>
      id === null
        ? api.post<BlogPost>('/api/admin/blog', body)
        : api.put<BlogPost>(`/api/admin/blog/${id}`, body),
    onSettled: invalidate,
  });
}

export function useDeletePost() {
  const invalidate = useInvalidateBlog();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/api/admin/blog/${id}`),
    onSuccess: invalidate,
  });
}
