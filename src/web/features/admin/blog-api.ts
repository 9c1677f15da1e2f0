/**
 * Admin blog calls (issue 10): every post with drafts (GET /api/admin/blog), create,
 * update (publish / unpublish is an update) and delete. Every change also refreshes the
 * public blog queries.
 */
import type { BlogPost, BlogPostInput } from '@shared/schemas/blog';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const adminBlogKey = ['/api/admin/blog'] as const;

export function useAdminPosts() {
  return useQuery({
    queryKey: adminBlogKey,
    queryFn: () => api.get<BlogPost[]>('/api/admin/blog'),
    refetchOnMount: 'always',
  });
}

function useInvalidateBlog() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: adminBlogKey }),
      qc.invalidateQueries({ queryKey: ['/api/blog'] }),
    ]);
}

/** The body of a save from a post as it is (to flip `isPublished` alone). */
export function postInput(post: BlogPost, changes: Partial<BlogPostInput> = {}): BlogPostInput {
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
  };
}

export function useSavePost() {
  const invalidate = useInvalidateBlog();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: BlogPostInput }) =>
      id === null
        ? api.post<BlogPost>('/api/admin/blog', body)
        : api.put<BlogPost>(`/api/admin/blog/${id}`, body),
    onSuccess: invalidate,
  });
}

export function useDeletePost() {
  const invalidate = useInvalidateBlog();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/api/admin/blog/${id}`),
    onSuccess: invalidate,
  });
}
