/**
 * Blog queries (back-office spec section 7): GET /api/blog (published posts, newest
 * first; the page filters by category) and GET /api/blog/{slug} (404 -> null, shown as
 * 'Blog Post Not Found'). The server seeds both from the page it sent (lib/page-data.ts).
 */
import type { BlogPost, BlogPostSummary } from '@shared/schemas/blog';
import { useQuery } from '@tanstack/react-query';
import { ApiRequestError, api } from '@/lib/api';

export const blogQueryKey = ['/api/blog'] as const;

/** Published posts. */
export function useBlogPosts() {
  return useQuery({
    queryKey: blogQueryKey,
    queryFn: () => api.get<BlogPostSummary[]>('/api/blog'),
  });
}

/** One published post; `data` is null when there is none with this slug. */
export function useBlogPost(slug: string) {
  return useQuery({
    queryKey: [...blogQueryKey, slug],
    queryFn: async (): Promise<BlogPost | null> => {
      try {
        return await api.get<BlogPost>(`/api/blog/${encodeURIComponent(slug)}`);
      } catch (error) {
        if (error instanceof ApiRequestError && (error.status === 404 || error.status === 400))
          return null;
        throw error;
      }
    },
  });
}
