/**
 * The admin's quote desk calls (back-office spec section 7; issue 7):
 * GET /api/quote-requests?status=&page=, GET /api/quote-requests/{id} (with revisions and
 * links), PATCH /api/quote-requests/{id}, DELETE /api/quote-requests/{id},
 * POST /api/collaboration/session, POST /api/collaboration/session/{id}/deactivate and
 * the multipart mockup upload POST /api/quote-requests/{id}/revisions (with progress).
 * Every change refreshes the '/api/quote-requests' keys.
 */
import type {
  CollaborationSessionView,
  CreateCollaborationSessionBody,
  QuoteDetail,
  QuoteList,
  QuoteRequestView,
  QuoteStatus,
  RevisionView,
} from '@shared/schemas/quote-desk';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { postFormWithProgress } from '@/lib/upload';

const KEY = '/api/quote-requests';

export function useQuoteRequests(status: QuoteStatus | null, page: number) {
  return useQuery({
    queryKey: [KEY, 'list', status, page],
    queryFn: () => {
      const params = new URLSearchParams({ page: String(page) });
      if (status) params.set('status', status);
      return api.get<QuoteList>(`${KEY}?${params}`);
    },
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
}

export function useQuoteDetail(id: number) {
  return useQuery({
    queryKey: [KEY, 'detail', id],
    queryFn: () => api.get<QuoteDetail>(`${KEY}/${id}`),
  });
}

/** Refreshes every quote-requests query (list, detail) after a change made elsewhere. */
export function useInvalidateQuotes() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: [KEY] });
}

export function useUpdateQuote() {
  const invalidate = useInvalidateQuotes();
  return useMutation({
    mutationFn: ({
      id,
      quotedAmount,
      quotedNotes,
    }: {
      id: number;
      quotedAmount: number;
      quotedNotes: string;
    }) => api.patch<QuoteRequestView>(`${KEY}/${id}`, { quotedAmount, quotedNotes }),
    onSettled: invalidate,
  });
}

export function useDeleteQuote() {
  const invalidate = useInvalidateQuotes();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`${KEY}/${id}`),
    onSettled: invalidate,
  });
}

export function useCreateCollaborationLink() {
  const invalidate = useInvalidateQuotes();
  return useMutation({
    mutationFn: (body: CreateCollaborationSessionBody) =>
      api.post<CollaborationSessionView>('/api/collaboration/session', body),
    onSettled: invalidate,
  });
}

export function useDeactivateLink() {
  const invalidate = useInvalidateQuotes();
  return useMutation({
    mutationFn: (id: number) =>
      api.post<CollaborationSessionView>(`/api/collaboration/session/${id}/deactivate`),
    onSettled: invalidate,
  });
}

export function useUploadMockup() {
  const invalidate = useInvalidateQuotes();
  return useMutation({
    mutationFn: ({
      id,
      file,
      notes,
      onProgress,
    }: {
      id: number;
      file: File;
      notes: string;
      onProgress(fraction: number): void;
    }) => {
      const form = new FormData();
      if (notes.trim()) form.append('notes', notes.trim());
      form.append('mockup', file, file.name);
      return postFormWithProgress<RevisionView>(`${KEY}/${id}/revisions`, form, onProgress);
    },
    onSettled: invalidate,
  });
}
