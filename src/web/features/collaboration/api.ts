/**
 * Collaboration page calls (back-office spec section 7): GET
 * /api/collaboration/session/{token} gives the quote id; GET /api/quote-requests/{id}
 * with `Authorization: Bearer <token>` gives that quote (details shown while the room
 * connects). Never stale, no retries (spec section 9).
 */
import type { CollaborationSessionInfo, QuoteDetail } from '@shared/schemas/quote-desk';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export function useCollaborationSession(token: string) {
  return useQuery({
    queryKey: ['/api/collaboration/session', token],
    queryFn: () =>
      api.get<CollaborationSessionInfo>(`/api/collaboration/session/${encodeURIComponent(token)}`),
  });
}

export function useQuoteByToken(quoteId: number | null, token: string) {
  return useQuery({
    queryKey: ['/api/quote-requests', quoteId, 'bearer'],
    enabled: quoteId !== null,
    queryFn: () =>
      api.get<QuoteDetail>(`/api/quote-requests/${quoteId}`, { Authorization: `Bearer ${token}` }),
  });
}
