/**
 * Calls of the campaign sections (back-office spec section 7; issue 9): CSV upload,
 * the sends (each answers a campaign id; the campaign is a job on the server), live
 * progress (polled every second while sending), audience counts and test sends.
 */
import type {
  CampaignProgress,
  CampaignStarted,
  CsvUploadResponse,
} from '@shared/schemas/campaigns';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const campaignKeys = {
  list: ['/api/campaigns'] as const,
  one: (id: number) => ['/api/campaigns', id] as const,
  audience: ['/api/campaign-audience'] as const,
};

/** POST /api/upload-tournament-csv with `file` (list: tournament or vip). */
export function useUploadCsv(list: 'tournament' | 'vip') {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('list', list);
      form.append('csvFile', file);
      return api.post<CsvUploadResponse>('/api/upload-tournament-csv', form);
    },
  });
}

/** A send route: POST `url` with the body; refreshes the campaign list. */
export function useSend<TBody>(url: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TBody) => api.post<CampaignStarted>(url, body),
    onSettled: () => qc.invalidateQueries({ queryKey: campaignKeys.list }),
  });
}

/** A test send to the signed-in admin. */
export function useTestSend<TBody>(url: string) {
  return useMutation({ mutationFn: (body: TBody) => api.post<{ to: string }>(url, body) });
}

/** One campaign's progress, refetched every second until it is done. */
export function useCampaignProgress(id: number | null) {
  return useQuery({
    queryKey: campaignKeys.one(id ?? 0),
    queryFn: () => api.get<CampaignProgress>(`/api/campaigns/${id}`),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data?.status === 'done' ? false : 1000),
  });
}

/** The newest campaigns (all kinds), refetched every 2 s while one is sending. */
export function useRecentCampaigns() {
  return useQuery({
    queryKey: campaignKeys.list,
    queryFn: () => api.get<CampaignProgress[]>('/api/campaigns'),
    refetchOnMount: 'always',
    refetchInterval: (q) => (q.state.data?.some((c) => c.status === 'sending') ? 2000 : false),
  });
}

export function useAudience() {
  return useQuery({
    queryKey: campaignKeys.audience,
    queryFn: () =>
      api.get<{ customers: number; subscribers: number; suppressed: number }>(
        '/api/campaign-audience',
      ),
    refetchOnMount: 'always',
  });
}
