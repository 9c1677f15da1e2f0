/**
 * Order timelines as ordered lists: the 5-step catalogue timeline (back-office spec
 * section 4) and, through `TimelineList`, any list of steps (the 9-step custom timeline).
 * The current step carries aria-current="step", and each step says its state in text.
 */
import { Check } from 'lucide-react';
import { cn } from '@/lib/utils';
import { regularTimelineSteps } from '../timeline';

const STATE_TEXT = {
  complete: 'completed',
  current: 'current step',
  upcoming: 'upcoming',
} as const;

export interface TimelineStepView {
  key: string;
  label: string;
  description: string;
  state: keyof typeof STATE_TEXT;
}

/** The steps in a row on wide screens (a column on narrow ones); the current one explains itself. */
export function TimelineList({ steps }: { steps: readonly TimelineStepView[] }) {
  return (
    <ol aria-label="Order progress" className="flex flex-col gap-3 sm:flex-row sm:gap-2">
      {steps.map((step, i) => (
        <li
          key={step.key}
          aria-current={step.state === 'current' ? 'step' : undefined}
          className="flex min-w-0 items-start gap-3 sm:flex-1 sm:flex-col sm:items-center sm:text-center"
        >
          <span
            aria-hidden="true"
            className={cn(
              'flex size-8 shrink-0 items-center justify-center rounded-full border-2 text-sm font-semibold',
              step.state === 'complete' && 'border-primary bg-primary text-primary-foreground',
              step.state === 'current' &&
                'border-primary bg-accent text-primary ring-primary/30 ring-4',
              step.state === 'upcoming' && 'border-input text-muted-foreground bg-white',
            )}
          >
            {step.state === 'complete' ? <Check className="size-4" /> : i + 1}
          </span>
          <span className="min-w-0">
            <span
              className={cn(
                'block text-sm',
                step.state === 'current' ? 'text-primary font-semibold' : 'font-medium',
                step.state === 'upcoming' && 'text-muted-foreground',
              )}
            >
              {step.label}
              <span className="sr-only"> ({STATE_TEXT[step.state]})</span>
            </span>
            {step.state === 'current' ? (
              <span className="text-muted-foreground block text-xs">{step.description}</span>
            ) : null}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** The catalogue order's 5-step timeline. */
export function OrderTimeline({ status }: { status: string }) {
  return (
    <TimelineList steps={regularTimelineSteps(status).map((s) => ({ ...s, key: s.status }))} />
  );
}
