/**
 * The newest campaigns of one kind with their live progress (the admin may leave and come
 * back), from GET /api/campaigns: 'Loading…', then the list, 'No campaigns sent yet.', or,
 * when the list did not load, the admin's LoadError with 'Try Again' as every other admin
 * list shows it.
 */
import type { CampaignProgress } from '@shared/schemas/campaigns';
import { LoadError } from '../../admin/components/load-error';
import { formatAdminDate } from '../../admin/format';
import { useRecentCampaigns } from '../api';
import { ProgressBar } from './campaign-progress';

export function RecentCampaigns({ kind }: { kind: CampaignProgress['kind'] }) {
  const q = useRecentCampaigns();
  const list = (q.data ?? []).filter((c) => c.kind === kind).slice(0, 5);
  return (
    <section aria-labelledby={`recent-${kind}`} className="space-y-3">
      <h3 id={`recent-${kind}`} className="text-lg font-semibold">
        Recent campaigns
      </h3>
      {q.isPending ? <p className="text-muted-foreground text-sm">Loading…</p> : null}
      {q.isError ? (
        <LoadError what="recent campaigns" onRetry={() => void q.refetch()} />
      ) : (
        <>
          {q.data && list.length === 0 ? (
            <p className="text-muted-foreground text-sm">No campaigns sent yet.</p>
          ) : null}
          <ul className="space-y-3">
            {list.map((c) => (
              <li key={c.id} className="rounded-md border p-3">
                <p className="text-sm font-medium">
                  #{c.id} {c.subject}{' '}
                  <span className="text-muted-foreground font-normal">
                    {formatAdminDate(c.createdAt)}
                  </span>
                </p>
                <ProgressBar progress={c} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
