/**
 * Admin 'Quote Requests' section (back-office spec section 2 "Quote Requests"; issue 7):
 * newest first, a status filter and pages, loading skeletons, an error state with retry,
 * and an empty state. Each request is a QuoteRequestCard.
 */
import { QUOTE_STATUS_LABELS, QUOTE_STATUSES, type QuoteStatus } from '@shared/schemas/quote-desk';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { CardList } from '@/features/admin/components/card-list';
import { useQuoteRequests } from '../api';
import { QuoteRequestCard } from './quote-request-card';

export function QuoteRequestsSection() {
  const [status, setStatus] = useState<QuoteStatus | null>(null);
  const [page, setPage] = useState(1);
  const list = useQuoteRequests(status, page);
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;
  const filters: [QuoteStatus | null, string][] = [
    [null, 'All'],
    ...QUOTE_STATUSES.map((s) => [s, QUOTE_STATUS_LABELS[s]] as [QuoteStatus, string]),
  ];

  return (
    <div className="space-y-4">
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="sr-only">Filter by status</legend>
        {filters.map(([value, label]) => (
          <Button
            key={label}
            type="button"
            size="sm"
            variant={status === value ? 'default' : 'outline'}
            aria-pressed={status === value}
            onClick={() => {
              setStatus(value);
              setPage(1);
            }}
          >
            {label}
          </Button>
        ))}
      </fieldset>

      <CardList
        query={list}
        what="quote requests"
        noun={['request', 'requests']}
        itemKey={(quote) => quote.id}
        renderItem={(quote) => <QuoteRequestCard quote={quote} />}
        footer={
          pages > 1 ? (
            <nav
              aria-label="Quote request pages"
              className="flex items-center justify-center gap-3"
            >
              <Button
                type="button"
                variant="outline"
                size="sm"
                // Unavailable (aria-disabled), not disabled, at either end: the button
                // pressed last keeps the focus (a disabled one drops it to the page's start).
                unavailable={page <= 1}
                onClick={() => setPage(page - 1)}
              >
                Previous
              </Button>
              <span className="text-sm">
                Page {page} of {pages}
              </span>
              <Button
                type="button"
                variant="outline"
                size="sm"
                unavailable={page >= pages}
                onClick={() => setPage(page + 1)}
              >
                Next
              </Button>
            </nav>
          ) : null
        }
      />
    </div>
  );
}
