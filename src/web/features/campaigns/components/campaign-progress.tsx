/**
 * Live progress of one campaign (issue 9: "the admin sees live progress (sent / failed /
 * skipped out of N) and can leave the page"): a labelled progress bar and the counts,
 * announced politely to screen readers. `onDone` runs once when the campaign finishes.
 */
import type { CampaignStarted, CampaignProgress as Progress } from '@shared/schemas/campaigns';
import { useEffect, useRef } from 'react';
import { useCampaignProgress } from '../api';

/**
 * What 'Campaign Started' says: `sendingText` while the mail goes out, or, without
 * outgoing mail (SMTP_URL unset: `sending` false), that the e-mails wait for it, since
 * their progress will not move until then.
 */
export function campaignStartedText(res: CampaignStarted, sendingText: string): string {
  return res.sending
    ? sendingText
    : `${res.total} e-mails wait until outgoing mail (SMTP) is configured.`;
}

export function ProgressBar({ progress }: { progress: Progress }) {
  const done = progress.sent + progress.failed + progress.skipped;
  const percent = progress.total === 0 ? 100 : Math.round((done / progress.total) * 100);
  const label = `Campaign #${progress.id} progress`;
  return (
    <div className="space-y-1">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={progress.total}
        aria-valuenow={done}
        aria-valuetext={`${done} of ${progress.total}`}
        className="bg-muted h-3 w-full overflow-hidden rounded-full"
      >
        <div
          className="bg-primary h-full transition-[width] duration-300"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="text-sm" aria-live="polite" data-testid={`campaign-${progress.id}-counts`}>
        {progress.status === 'done'
          ? 'Finished: '
          : progress.waitingForMail
            ? 'Waiting for outgoing mail (SMTP): '
            : 'Sending: '}
        {progress.sent} sent · {progress.failed} failed · {progress.skipped} skipped of{' '}
        {progress.total}
      </p>
    </div>
  );
}

export function CampaignProgress({
  campaignId,
  onDone,
}: {
  campaignId: number;
  onDone?(progress: Progress): void;
}) {
  const q = useCampaignProgress(campaignId);
  const reported = useRef(false);
  useEffect(() => {
    if (q.data?.status === 'done' && !reported.current) {
      reported.current = true;
      onDone?.(q.data);
    }
  }, [q.data, onDone]);
  if (q.isError) return <p className="text-destructive text-sm">Could not read the progress.</p>;
  if (!q.data) return <p className="text-muted-foreground text-sm">Starting the campaign…</p>;
  return <ProgressBar progress={q.data} />;
}
