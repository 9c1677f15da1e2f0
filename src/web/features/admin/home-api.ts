/**
 * Admin calls of the Home Content section (issue 10): logos and testimonials, with
 * create / update / delete. Every change also refreshes the home page's query.
 */
import type {
  HomeLogo,
  HomeLogoInput,
  HomeTestimonial,
  HomeTestimonialInput,
} from '@shared/schemas/home';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const adminHomeKey = ['/api/admin/home'] as const;

export function useAdminHome() {
  return useQuery({
    queryKey: adminHomeKey,
    queryFn: () =>
      api.get<{ logos: HomeLogo[]; testimonials: HomeTestimonial[] }>('/api/admin/home'),
    refetchOnMount: 'always',
  });
}

function useInvalidateHome() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: adminHomeKey }),
      qc.invalidateQueries({ queryKey: ['/api/home'] }),
    ]);
}

type Kind = 'logos' | 'testimonials';

export function useSaveHomeEntry<K extends Kind>(kind: K) {
  const invalidate = useInvalidateHome();
  type Body = K extends 'logos' ? HomeLogoInput : HomeTestimonialInput;
  type Entry = K extends 'logos' ? HomeLogo : HomeTestimonial;
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: Body }) =>
      id === null
        ? api.post<Entry>(`/api/admin/home/${kind}`, body)
        : api.put<Entry>(`/api/admin/home/${kind}/${id}`, body),
    onSuccess: invalidate,
  });
}

export function useDeleteHomeEntry(kind: Kind) {
  const invalidate = useInvalidateHome();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/api/admin/home/${kind}/${id}`),
    onSuccess: invalidate,
  });
}
