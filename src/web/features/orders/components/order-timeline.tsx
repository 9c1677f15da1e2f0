/**
 * The 5-step catalogue order timeline (back-office spec section 4) as an ordered list;
 * the current step carries aria-current="step", and each step says its state in text.
 */
import { Check } from 'lucide-react';
import { cn } from '@/lib/utils';
import { regularTimelineSteps } from '../timeline';

const STATE_TEXT = {
  complete: 'completed',
  current: 'current step',
  upcoming: 'upcoming',
} as const;

export function OrderTimeline({ status }: { status: string }) {
  const steps = regularTimelineSteps(status);
  return (
    <ol aria-label="Order progress" className="flex flex-col gap-3 sm:flex-row sm:gap-2">
      {steps.map((step, i) => (
        <li
          key={step.status}
          aria-current={step.state === 'current' ? 'step' : undefined}
          className="flex items-start gap-3 sm:flex-1 sm:flex-col sm:items-center sm:text-center"
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
