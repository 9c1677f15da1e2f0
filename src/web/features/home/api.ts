/**
 * GET /api/home: the carousel logos, testimonials and bestsellers row (issue 10). The
 * server seeds it with the home page it sends (lib/page-data.ts).
 */
import type { HomeContent } from '@shared/schemas/home';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const homeQueryKey = ['/api/home'] as const;

export function useHomeContent() {
  return useQuery({ queryKey: homeQueryKey, queryFn: () => api.get<HomeContent>('/api/home') });
}
