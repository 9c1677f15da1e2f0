/**
 * Live progress of one campaign (issue 9: "the admin sees live progress (sent / failed /
 * skipped out of N) and can leave the page"): a labelled progress bar and the counts;
 * the campaign just started is announced politely as a labelled sentence. `onDone` runs once when the campaign finishes.
 */
import type { CampaignStarted, CampaignProgress as Progress } from '@shared/schemas/campaigns';
import { useEffect, useRef, useState } from 'react';
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

/** Where the campaign is: finished, waiting for outgoing mail, or sending. */
function phaseText(progress: Progress): string {
  return progress.status === 'done'
    ? 'Finished'
    : progress.waitingForMail
      ? 'Waiting for outgoing mail (SMTP)'
      : 'Sending';
}

/**
 * The counts as one sentence for screen readers, every number with its label ('Sending:
 * 12 of 100 sent, 1 failed, 0 skipped.'): the visible line's live region announced bare
 * numbers, each count a text node of its own (a screen-reader audit of 2026-11-27).
 */
export function progressSentence(progress: Progress): string {
  return `${phaseText(progress)}: ${progress.sent} of ${progress.total} sent, ${progress.failed} failed, ${progress.skipped} skipped.`;
}

/**
 * When the announcement may change: the phase, and each quarter of the way. The counts
 * move every second while a campaign sends; announcing each step would talk over
 * everything else the admin does.
 */
function announceStep(progress: Progress): string {
  const done = progress.sent + progress.failed + progress.skipped;
  const quarter = progress.total === 0 ? 4 : Math.floor((done / progress.total) * 4);
  return `${phaseText(progress)}:${quarter}`;
}

/** The progress bar and the counts, as text; not announced (CampaignProgress announces). */
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
      <p className="text-sm" data-testid={`campaign-${progress.id}-counts`}>
        {phaseText(progress)}: {progress.sent} sent · {progress.failed} failed · {progress.skipped}{' '}
        skipped of {progress.total}
      </p>
    </div>
  );
}

/**
 * The progress of the campaign the admin just started, announced politely as one
 * labelled sentence (`progressSentence`) when it starts, at each quarter, when it waits
 * for outgoing mail and when it finishes; the status region is on the page before its
 * first sentence, so that one is read too.
 */
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
  const step = q.data ? announceStep(q.data) : '';
  const [announced, setAnnounced] = useState({ step: '', sentence: '' });
  if (q.data && step !== announced.step) {
    setAnnounced({ step, sentence: progressSentence(q.data) });
  }
  return (
    <div>
      {q.isError ? (
        <p className="text-destructive text-sm">Could not read the progress.</p>
      ) : !q.data ? (
        <p className="text-muted-foreground text-sm">Starting the campaign…</p>
      ) : (
        <ProgressBar progress={q.data} />
      )}
      <p role="status" aria-atomic="true" className="sr-only">
        {announced.sentence}
      </p>
    </div>
  );
}
